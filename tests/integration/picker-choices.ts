/** The gallery pickers of the back office's forms as a page shows them (not a spec file itself). */

/** The product form's picture rows in page order (`images[n].key`, `images[n].chosen`): image key and whether it is ticked. */
export const imageChoices = (page: string) =>
  [...page.matchAll(/<input[^>]*name="images\[(\d+)\]\.key"[^>]*>/g)].map(([tag, index]) => ({
    key: /value="([^"]+)"/.exec(tag)![1]!,
    checked: new RegExp(`<input[^>]*name="images\\[${index}\\]\\.chosen"[^>]*checked=""`).test(page),
  }));

/** A one-picture form's choices (radio buttons of `name`) in page order, "no picture" first. */
export const radioChoices = (page: string, name = "imageKey") =>
  [...page.matchAll(new RegExp(`<input[^>]*type="radio"[^>]*name="${name}"[^>]*>|<input[^>]*name="${name}"[^>]*type="radio"[^>]*>`, "g"))].map(([tag]) => ({
    key: /value="([^"]*)"/.exec(tag)![1]!,
    checked: tag.includes('checked=""'),
  }));
