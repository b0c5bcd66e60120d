/** The shape every Thai namespace must match: the English one with every leaf a string. */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
