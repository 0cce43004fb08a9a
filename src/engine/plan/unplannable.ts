/** A reading that cannot be turned into one query (no join path, amounts of two tables…). */
export class Unplannable extends Error {}
