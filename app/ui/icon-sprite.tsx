import type { LucideIcon } from "lucide-react";

/**
 * Icons a page repeats on every row (the cart's steppers and remove, issue 19), drawn once: a
 * lucide icon is built from its node list on each render, so fifty rows built its whole tree fifty
 * times and wrote it out fifty times. The sprite holds each icon once in a `<symbol>`; a row draws it
 * with {@link SpriteIcon}, two elements whatever the icon. The sprite is out of the layout and
 * hidden from assistive technology, like the icons themselves (they sit beside their label).
 */
export function IconSprite({ icons }: { icons: Readonly<Record<string, LucideIcon>> }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of an {@link IconSprite} on the same page, sized by `className` and coloured by `currentColor`. */
export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
