import { mediaUrl } from "~/ui/media-url";

/**
 * A picture from the media store (R2) with the attributes every page sets the same way: its box
 * size (no layout shift), lazy loading and async decoding — or, for the picture a page opens on
 * (`priority`), eager loading at high priority so it is the largest paint. Decorative by default
 * (`alt=""`: the text beside it names it).
 */
export function MediaImage({
  imageKey,
  width,
  height,
  className,
  alt = "",
  priority = false,
  sizes,
}: {
  imageKey: string;
  width: number;
  height: number;
  className?: string;
  alt?: string;
  priority?: boolean;
  sizes?: string;
}) {
  return (
    <img
      src={mediaUrl(imageKey)}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
