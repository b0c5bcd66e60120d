/** The address /media serves an R2 key at (workers/app.ts); plain TypeScript, so server code and the JSON API can use it without React. */
export function mediaUrl(imageKey: string): string {
  return `/media/${imageKey.split("/").map(encodeURIComponent).join("/")}`;
}
