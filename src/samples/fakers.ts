/**
 * Seeded Faker instances, one per locale, so a German customer gets a German-sounding name. Each
 * locale has its own seed derived from the dataset seed, and falls back to English for anything the
 * locale lacks.
 */
import { Faker, allLocales, base, en, generateMersenne53Randomizer } from '@faker-js/faker';
import { deriveSeed, slugify } from './random.ts';

export type FakerForLocale = (locale: string) => Faker;

export function createFakers(seed: number): FakerForLocale {
  const fakers = new Map<string, Faker>();
  return (locale) => {
    let faker = fakers.get(locale);
    if (faker === undefined) {
      const definitions = allLocales[locale as keyof typeof allLocales];
      if (definitions === undefined) throw new Error(`Unknown Faker locale: ${locale}`);
      // An explicit randomizer: given only `seed`, Faker first seeds a default one from Math.random.
      const randomizer = generateMersenne53Randomizer(deriveSeed(seed, `faker:${locale}`));
      faker = new Faker({ locale: [definitions, en, base], randomizer });
      fakers.set(locale, faker);
    }
    return faker;
  };
}

/** A company name not used before in `taken` (which it updates); retries, then numbers it. */
export function uniqueCompanyName(faker: Faker, taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const name = faker.company.name();
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  let suffix = 2;
  const name = faker.company.name();
  while (taken.has(`${name} ${suffix}`)) suffix += 1;
  taken.add(`${name} ${suffix}`);
  return `${name} ${suffix}`;
}

/** A fictional address on a reserved `.example` domain (RFC 2606), so no real mailbox is named. */
export function fictionalEmail(localPart: string, organisation: string): string {
  return `${localPart}@${organisationDomain(organisation)}`;
}

/**
 * A fictional `.example` domain for an organisation: its name in lower-case ASCII, cut to 30
 * characters, then `suffix` (e.g. a number that keeps it unique).
 */
export function organisationDomain(organisation: string, suffix: string = ''): string {
  return `${slugify(organisation).slice(0, 30) || 'company'}${suffix}.example`;
}
