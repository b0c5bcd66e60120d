import { defineList, type QueryOf } from "~/domain/list-query";

/** Upload limits of the product gallery, shared by the page (hints) and the server (checks). */
export const galleryMaxBytes = 5 * 1024 * 1024;
export const galleryMaxFiles = 10;
export const galleryPageSize = 24;

/**
 * The gallery's grid in the URL (the list pattern's query): search by file name, pages, and an
 * order that carries its own direction (one select of a GET form; `dir` is not read).
 */
export const galleryListDefinition = defineList({
  sorts: ["newest", "oldest", "name", "largest"],
  defaultSort: "newest",
  defaultDirection: "desc",
  filters: {},
  pageSize: galleryPageSize,
});
export type GalleryListQuery = QueryOf<typeof galleryListDefinition>;
/** Images per page of the picker on the product form (search by name, newest first). */
export const galleryPickerPageSize = 12;
