/**
 * Features: named numbers that describe a reading (how its words were linked, which roles they
 * took in which neighbourhoods, how far its joins go, which words it left unused). The model
 * weighs them; nothing else in the engine compares readings.
 */
export type Features = Record<string, number>;

export function addFeatures(target: Features, source: Features, factor = 1): void {
  for (const [name, value] of Object.entries(source)) target[name] = (target[name] ?? 0) + value * factor;
}

export function bump(target: Features, name: string, value = 1): void {
  target[name] = (target[name] ?? 0) + value;
}
