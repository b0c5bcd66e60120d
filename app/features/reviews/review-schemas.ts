import { z } from "zod";

import { reviewBodyMaxLength, reviewBodyMinLength, reviewPhotoMaxBytes, reviewPhotoMaxMegabytes, reviewRatingChoices } from "~/domain/reviews";
import { constraintsOf } from "~/ui/form/constraints";
import { checkbox, choice } from "~/ui/form/schema-fields";

/**
 * The review form (product page and /shop/{slug}/review), shared by the action and the component.
 * Messages are keys of `reviews:validation` (or the form kit's). The photo's size is checked here and
 * again by the server, which also decides by its bytes whether it is an image.
 */
export const reviewSchema = z.object({
  rating: choice(reviewRatingChoices),
  // Browsers send a textarea's line breaks as CRLF; counted as one, as the text box counts them.
  body: z
    .string({ error: "required" })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(reviewBodyMinLength).max(reviewBodyMaxLength)),
  photo: z.file({ error: "photo-not-image" }).max(reviewPhotoMaxBytes, `photo-too-large:${reviewPhotoMaxMegabytes}`).optional(),
  removePhoto: checkbox(),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** The review form's HTML constraints, for the product page's loader (the browser loads the schema only when the form is used). */
export const reviewConstraint = () => constraintsOf(reviewSchema);
