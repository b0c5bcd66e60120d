/** Upload limits of the product gallery, shared by the page (hints) and the server (checks). */
export const galleryMaxBytes = 5 * 1024 * 1024;
export const galleryMaxFiles = 10;
export const galleryPageSize = 24;
/** Images per page of the picker on the product form (search by name, newest first). */
export const galleryPickerPageSize = 12;
