import { describe, expect, it } from "vitest";

import { emptyDesign } from "~/domain/custom-design";

import {
  canRedo,
  canUndo,
  type DesignerAction,
  type DesignerHistory,
  designerReducer,
  designForSaving,
  elementsInOrder,
  initialHistory,
} from "./designer-state";

const style = { fontId: 1, color: "black", fontSize: 60 } as const;
const element = (id: string) => ({
  id,
  source: { kind: "preset" as const, presetImageId: 1 },
  x: 200,
  y: 200,
  width: 50,
  height: 50,
  rotation: 0,
  locked: false,
});

function run(...actions: DesignerAction[]): DesignerHistory {
  return actions.reduce(designerReducer, initialHistory(emptyDesign(1)));
}

describe("designerReducer", () => {
  it("should choose one option per attribute, replacing the previous choice", () => {
    const history = run(
      { type: "choose-option", attributeId: 12, optionId: 121 },
      { type: "choose-option", attributeId: 11, optionId: 111 },
      { type: "choose-option", attributeId: 12, optionId: 122 },
    );
    expect(history.present.options).toEqual([
      { attributeId: 11, optionId: 111 },
      { attributeId: 12, optionId: 122 },
    ]);
  });

  it("should cut banner text at the limit in graphemes, counting น้ำ as one", () => {
    const history = run({ type: "set-text", side: "front", position: "center", text: "น้ำน้ำน้ำน้ำน้ำน้ำน้ำน้ำ", maxLength: 7, defaults: style });
    expect(history.present.sides.front.texts[0]).toMatchObject({ position: "center", text: "น้ำ".repeat(7), fontSize: 60 });
  });

  it("should coalesce typing into one field into one undo step", () => {
    const history = run(
      { type: "set-text", side: "back", position: "right", text: "A", maxLength: 25, defaults: style },
      { type: "set-text", side: "back", position: "right", text: "AB", maxLength: 25, defaults: style },
      { type: "set-quantity", size: "m", quantity: 5 },
      { type: "set-quantity", size: "m", quantity: 50 },
    );
    expect(history.past).toHaveLength(2);
    const undone = designerReducer(history, { type: "undo" });
    expect(undone.present.quantities.m).toBe(0);
    expect(undone.present.sides.back.texts[0]!.text).toBe("AB");
    const twice = designerReducer(undone, { type: "undo" });
    expect(twice.present.sides.back.texts).toEqual([]);
    expect(canUndo(twice)).toBe(false);
    const redone = designerReducer(designerReducer(twice, { type: "redo" }), { type: "redo" });
    expect(redone.present.quantities.m).toBe(50);
    expect(canRedo(redone)).toBe(false);
  });

  it("should drop the redo branch after a new change", () => {
    let history = run({ type: "set-notes", notes: "a" });
    history = designerReducer(history, { type: "undo" });
    history = designerReducer(history, { type: "choose-option", attributeId: 1, optionId: 2 });
    expect(canRedo(history)).toBe(false);
  });

  it("should clamp quantities to 0…9999 whole numbers", () => {
    expect(run({ type: "set-quantity", size: "s", quantity: 12345 }).present.quantities.s).toBe(9999);
    expect(run({ type: "set-quantity", size: "s", quantity: -3 }).present.quantities.s).toBe(0);
    expect(run({ type: "set-quantity", size: "s", quantity: Number.NaN }).present.quantities.s).toBe(0);
  });

  it("should add at most 20 elements a side and keep z in drawing order", () => {
    const actions: DesignerAction[] = Array.from({ length: 22 }, (_, index) => ({ type: "add-element", side: "front", element: element(`e${index}`) }));
    const history = run(...actions);
    expect(history.present.sides.front.elements).toHaveLength(20);
    expect(history.present.sides.front.elements.map((item) => item.z)).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it("should move layers up and down, delete and lock", () => {
    let history = run({ type: "add-element", side: "front", element: element("a") }, { type: "add-element", side: "front", element: element("b") });
    history = designerReducer(history, { type: "move-layer", side: "front", id: "a", direction: "up" });
    expect(elementsInOrder(history.present.sides.front.elements).map((item) => item.id)).toEqual(["b", "a"]);
    const unchanged = designerReducer(history, { type: "move-layer", side: "front", id: "a", direction: "up" });
    expect(unchanged).toBe(history);
    history = designerReducer(history, { type: "toggle-lock", side: "front", id: "a" });
    const moved = designerReducer(history, { type: "place-element", side: "front", id: "a", box: { x: 0, y: 0, width: 1, height: 1, rotation: 0 } });
    expect(moved).toBe(history);
    history = designerReducer(history, { type: "remove-element", side: "front", id: "b" });
    expect(history.present.sides.front.elements).toEqual([{ ...element("a"), locked: true, z: 0 }]);
  });

  it("should leave empty banner texts out of the saved design", () => {
    const history = run({ type: "set-text-style", side: "front", position: "left", style: { color: "red" }, defaults: style });
    expect(history.present.sides.front.texts).toHaveLength(1);
    expect(designForSaving(history.present).sides.front.texts).toEqual([]);
  });
});
