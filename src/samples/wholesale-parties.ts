/**
 * The `wholesale` master data: categories, suppliers, products, employees and customers. Besides
 * the table rows it returns what the order generator needs to know about each (weights, dates,
 * payment habits), which never reaches the database.
 */
import { formatDay, type SampleTimeSpan } from './calendar.ts';
import type { TableRows } from './bulk-load.ts';
import { fictionalEmail, uniqueCompanyName, type FakerForLocale } from './fakers.ts';
import { slugify, type Random } from './random.ts';
import type { CustomerSegment } from './wholesale-schema.ts';
import { CATEGORIES, COUNTRIES, COUNTRY_LOCALES, HEAD_OFFICE, OFFICES, SUPPLIER_CITIES, type CountryProfile } from './wholesale-reference.ts';

/** The fictional company's own name, used for staff e-mail addresses. */
export const WHOLESALE_COMPANY = 'Harbourline Trading';

export interface ProductModel {
  readonly id: number;
  /** Current list price in EUR. */
  readonly price: number;
  /** Relative share of order lines. */
  readonly popularity: number;
  /** The product is not ordered after this day; null while it is still sold. */
  readonly lastOrderDay: number | null;
}

export interface EmployeeModel {
  readonly id: number;
  readonly office: string;
  readonly hireDay: number;
  /** Sales managers take the largest accounts of their office. */
  readonly isManager: boolean;
}

/** How quickly a customer pays: delay in days after the due date, and the chance of never paying. */
export type PayerHabit = 'prompt' | 'average' | 'slow' | 'bad';

export interface CustomerModel {
  readonly id: number;
  readonly segment: CustomerSegment;
  readonly profile: CountryProfile;
  readonly city: string;
  /** Relative share of orders (Pareto-distributed: a few customers order a lot). */
  readonly weight: number;
  readonly sinceDay: number;
  /** The customer stops ordering after this day (churn); null if still active. */
  readonly lastOrderDay: number | null;
  readonly paymentTermsDays: number;
  readonly payer: PayerHabit;
}

export interface WholesaleParties {
  readonly tables: TableRows[];
  readonly products: ProductModel[];
  /** Sales managers and representatives: the people who take orders. */
  readonly salesStaff: EmployeeModel[];
  /** Sorted by `sinceDay`, ids ascending. */
  readonly customers: CustomerModel[];
}

const SEGMENT_MIX: readonly (readonly [CustomerSegment, number])[] = [
  ['Retail', 40], ['Hospitality', 30], ['Online', 20], ['Distributor', 10],
];
const SEGMENT_ORDER_FACTOR: Readonly<Record<CustomerSegment, number>> = { Retail: 1, Hospitality: 0.9, Online: 1.2, Distributor: 2 };
const PAYMENT_TERMS: Readonly<Record<CustomerSegment, readonly number[]>> = {
  Retail: [30, 30, 14], Hospitality: [14, 30], Online: [14, 14, 7], Distributor: [45, 60, 30],
};
const PAYER_MIX: readonly (readonly [PayerHabit, number])[] = [['prompt', 45], ['average', 35], ['slow', 15], ['bad', 5]];

const CUSTOMER_COUNT = 600;

function masterData(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): { tables: TableRows[]; products: ProductModel[] } {
  const categories: (readonly [number, string, string])[] = CATEGORIES.map((category, index) => [index + 1, category.name, category.description]);
  const suppliers: (readonly [number, string, string, string, string])[] = [];
  const products: (readonly [number, string, number, number, string, string, string, number, number, boolean])[] = [];
  const productModels: ProductModel[] = [];
  const supplierNames = new Set<string>();
  CATEGORIES.forEach((category, categoryIndex) => {
    const supplierIds: number[] = [];
    const supplierCount = random.int(3, 4);
    for (let index = 0; index < supplierCount; index += 1) {
      const country = category.supplierCountries[index % category.supplierCountries.length]!;
      const faker = fakers(COUNTRY_LOCALES[country]!);
      const id = suppliers.length + 1;
      suppliers.push([id, uniqueCompanyName(faker, supplierNames), faker.person.fullName(), country, random.pick(SUPPLIER_CITIES[country]!)]);
      supplierIds.push(id);
    }
    for (const name of category.products) {
      const id = products.length + 1;
      const [low, high] = category.priceRange;
      const price = Math.round(low * Math.pow(high / low, random.next())) + random.pick([0, 0.5, 0.9, 0.95]);
      const discontinued = random.chance(0.05);
      products.push([id, name, categoryIndex + 1, random.pick(supplierIds), random.pick(category.packs), price.toFixed(2), unitCost(id, price).toFixed(2),
        discontinued ? 0 : random.int(0, 400), random.pick([10, 20, 25, 30, 50]), discontinued]);
      // Discontinued products stopped selling at some point in the last year.
      const lastOrderDay = discontinued ? span.lastDay - random.int(30, 330) : null;
      productModels.push({ id, price, popularity: Math.min(random.pareto(1.5), 15), lastOrderDay });
    }
  });
  return {
    tables: [
      { table: 'categories', columns: ['id', 'name', 'description'], rows: categories },
      { table: 'suppliers', columns: ['id', 'name', 'contact_name', 'country', 'city'], rows: suppliers },
      { table: 'products', columns: ['id', 'name', 'category_id', 'supplier_id', 'quantity_per_unit', 'unit_price', 'unit_cost', 'units_in_stock', 'reorder_level', 'discontinued'], rows: products },
    ],
    products: productModels,
  };
}

/**
 * What one unit costs the company: 55 % to 74 % of its list price. Derived from the id, not drawn
 * from the shared random stream, so that adding the column left every other generated row as it was.
 */
function unitCost(id: number, price: number): number {
  return Math.round(price * (0.55 + ((id * 37) % 20) / 100) * 100) / 100;
}

function employees(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): { table: TableRows; salesStaff: EmployeeModel[] } {
  const rows: (readonly [number, string, string, string, string, number | null, string, string, string])[] = [];
  const salesStaff: EmployeeModel[] = [];
  const emails = new Set<string>();
  const add = (office: (typeof OFFICES)[number], title: string, managerId: number | null, hireDay: number): number => {
    const faker = fakers(office.locale);
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const id = rows.length + 1;
    let localPart = `${slugify(firstName)}.${slugify(lastName)}`;
    if (emails.has(localPart)) localPart = `${localPart}${id}`;
    emails.add(localPart);
    const email = fictionalEmail(localPart, WHOLESALE_COMPANY);
    rows.push([id, firstName, lastName, email, title, managerId, office.office, office.country, formatDay(hireDay)]);
    return id;
  };
  const yearsBefore = (low: number, high: number): number => span.firstDay - Math.round(random.between(low, high) * 365);
  const directorId = add(HEAD_OFFICE, 'Managing Director', null, yearsBefore(9, 12));
  for (const office of OFFICES) {
    const managerHire = yearsBefore(4, 9);
    const managerId = add(office, 'Sales Manager', directorId, managerHire);
    salesStaff.push({ id: managerId, office: office.office, hireDay: managerHire, isManager: true });
    for (let index = 0; index < office.representatives; index += 1) {
      // The first two of each office predate the data; later ones are hired as the company grows.
      const hireDay = index < 2 || random.chance(0.5)
        ? yearsBefore(0.2, 7)
        : span.firstDay + random.int(30, Math.max(60, span.lastDay - span.firstDay - 120));
      const title = span.firstDay - hireDay > 4 * 365 ? 'Senior Sales Representative' : 'Sales Representative';
      const id = add(office, title, managerId, hireDay);
      salesStaff.push({ id, office: office.office, hireDay, isManager: false });
    }
  }
  const headManager = salesStaff.find((employee) => employee.isManager && employee.office === HEAD_OFFICE.office)!;
  for (let index = 0; index < 2; index += 1) add(HEAD_OFFICE, 'Inside Sales Coordinator', headManager.id, yearsBefore(0.5, 5));
  return {
    table: { table: 'employees', columns: ['id', 'first_name', 'last_name', 'email', 'title', 'manager_id', 'office', 'country', 'hire_date'], rows },
    salesStaff,
  };
}

function customers(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): { table: TableRows; models: CustomerModel[] } {
  const spanDays = span.lastDay - span.firstDay;
  const drafts = Array.from({ length: CUSTOMER_COUNT }, () => {
    const established = random.chance(0.55);
    // Newer customers lean towards the end of the span: the company grows.
    const sinceDay = established
      ? span.firstDay - random.int(1, 8 * 365)
      : span.firstDay + Math.floor(Math.pow(random.next(), 0.8) * spanDays);
    return { sinceDay, established };
  }).sort((left, right) => left.sinceDay - right.sinceDay);
  const names = new Set<string>();
  const rows: (readonly [number, string, string, string, string, string, string, number, string])[] = [];
  const models: CustomerModel[] = drafts.map((draft, index) => {
    const id = index + 1;
    const segment = random.pickWeighted(SEGMENT_MIX);
    const profile = random.pickWeighted(COUNTRIES.map((country) => [country, country.weight] as const));
    const faker = fakers(profile.locale);
    const name = uniqueCompanyName(faker, names);
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const city = random.pick(profile.cities);
    const paymentTermsDays = random.pick(PAYMENT_TERMS[segment]);
    rows.push([id, name, `${firstName} ${lastName}`, fictionalEmail(slugify(firstName), name), segment, profile.country, city, paymentTermsDays, formatDay(draft.sinceDay)]);
    const churns = random.chance(0.15);
    return {
      id, segment, profile, city,
      weight: SEGMENT_ORDER_FACTOR[segment] * Math.min(random.pareto(1.3), 15),
      sinceDay: draft.sinceDay,
      lastOrderDay: churns ? Math.max(draft.sinceDay, span.firstDay) + random.int(60, spanDays) : null,
      paymentTermsDays,
      payer: random.pickWeighted(PAYER_MIX),
    };
  });
  return {
    table: { table: 'customers', columns: ['id', 'name', 'contact_name', 'email', 'segment', 'country', 'city', 'payment_terms_days', 'customer_since'], rows },
    models,
  };
}

export function generateWholesaleParties(random: Random, fakers: FakerForLocale, span: SampleTimeSpan): WholesaleParties {
  const master = masterData(random, fakers, span);
  const staff = employees(random, fakers, span);
  const clientele = customers(random, fakers, span);
  return {
    tables: [...master.tables, staff.table, clientele.table],
    products: master.products,
    salesStaff: staff.salesStaff,
    customers: clientele.models,
  };
}
