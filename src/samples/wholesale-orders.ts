/**
 * The `wholesale` orders and order lines. Volume follows growth, seasonality (busy Q4, quiet
 * August) and weekdays; customers are picked by their Pareto weight; the status of each order is
 * what it would be at the end of the anchor month.
 */
import { dailyCounts, formatDay, yearOfDay, type SampleTimeSpan } from './calendar.ts';
import type { CellValue, TableRows } from './bulk-load.ts';
import { WeightedSampler, roundMoney, type Random } from './random.ts';
import type { CustomerModel, EmployeeModel, ProductModel } from './wholesale-parties.ts';
import type { CustomerSegment, OrderStatus } from './wholesale-schema.ts';

/** What billing needs to know about an order. */
export interface OrderModel {
  readonly id: number;
  readonly customer: CustomerModel;
  readonly orderDay: number;
  readonly status: OrderStatus;
  readonly shippedDay: number | null;
  /** Discounted value of the lines plus shipping, in EUR. */
  readonly total: number;
}

export interface WholesaleOrders {
  readonly tables: TableRows[];
  readonly orders: OrderModel[];
}

/** About 10,000 orders with about 4 lines each over the three years. */
const ORDER_TOTAL = 10_300;
const YEARLY_PRICE_INCREASE = 1.04;
const FREE_SHIPPING_FROM = 2500;
const OVERSEAS = new Set(['United States', 'Canada']);

const DISCOUNTS: Readonly<Record<'trade' | 'standard', readonly (readonly [number, number])[]>> = {
  trade: [[0, 30], [0.05, 20], [0.1, 25], [0.15, 15], [0.2, 7], [0.25, 3]],
  standard: [[0, 70], [0.05, 15], [0.1, 10], [0.15, 4], [0.2, 1]],
};

function lineCount(random: Random, segment: CustomerSegment): number {
  const count = segment === 'Distributor' ? 2 + random.poisson(3.5) : 1 + random.poisson(2.6);
  return Math.min(count, 15);
}

function quantity(random: Random, customer: CustomerModel): number {
  const scale = customer.weight > 8 ? 1.3 : 1;
  switch (customer.segment) {
    case 'Distributor': return Math.max(5, Math.round((random.int(10, 60) * scale) / 5) * 5);
    case 'Retail': return Math.round(random.int(2, 24) * scale);
    case 'Hospitality': return Math.round(random.int(1, 12) * scale);
    case 'Online': return Math.round(random.int(1, 10) * scale);
  }
}

function statusAt(random: Random, span: SampleTimeSpan, orderDay: number, overseas: boolean): { status: OrderStatus; shippedDay: number | null } {
  if (random.chance(0.035)) return { status: 'cancelled', shippedDay: null };
  const lag = random.chance(0.06) ? random.int(6, 14) : random.pickWeighted([[1, 30], [2, 30], [3, 20], [4, 12], [5, 8]] as const);
  const shippedDay = orderDay + lag;
  if (shippedDay > span.lastDay) return { status: 'pending', shippedDay: null };
  const transit = overseas ? random.int(6, 14) : random.int(1, 5);
  if (shippedDay + transit > span.lastDay) return { status: 'shipped', shippedDay };
  return { status: random.chance(0.022) ? 'returned' : 'delivered', shippedDay };
}

export function generateWholesaleOrders(
  random: Random,
  span: SampleTimeSpan,
  customers: readonly CustomerModel[],
  products: readonly ProductModel[],
  salesStaff: readonly EmployeeModel[],
): WholesaleOrders {
  const counts = dailyCounts(random, span, {
    total: ORDER_TOTAL,
    growthPerYear: 1.25,
    months: [0.85, 0.9, 1, 1, 1.05, 0.95, 0.8, 0.6, 1.05, 1.15, 1.3, 1.25],
    weekdays: [0.05, 1.1, 1.05, 1, 1, 0.9, 0.25],
  });
  const customerSampler = new WeightedSampler(customers.map((customer) => customer.weight));
  const productSampler = new WeightedSampler(products.map((product) => product.popularity));
  const lastYear = yearOfDay(span.lastDay);
  const orderRows: CellValue[][] = [];
  const lineRows: CellValue[][] = [];
  const orders: OrderModel[] = [];
  let existingCustomers = 0;

  counts.forEach((count, dayIndex) => {
    const day = span.firstDay + dayIndex;
    while (existingCustomers < customers.length && customers[existingCustomers]!.sinceDay <= day) existingCustomers += 1;
    const staff = salesStaff.filter((employee) => employee.hireDay <= day);
    const priceFactor = Math.pow(YEARLY_PRICE_INCREASE, lastYear - yearOfDay(day));
    for (let index = 0; index < count; index += 1) {
      let customer: CustomerModel | undefined;
      for (let attempt = 0; attempt < 20 && customer === undefined; attempt += 1) {
        const candidate = customers[customerSampler.pick(random, existingCustomers)];
        if (candidate !== undefined && (candidate.lastOrderDay === null || candidate.lastOrderDay >= day)) customer = candidate;
      }
      if (customer === undefined) continue;
      const officeStaff = staff.filter((employee) => employee.office === customer.profile.office);
      const managers = officeStaff.filter((employee) => employee.isManager);
      const representativesOnly = officeStaff.filter((employee) => !employee.isManager);
      // Sales managers look after the biggest accounts themselves half of the time.
      const employee = customer.weight > 10 && random.chance(0.5) ? random.pick(managers) : random.pick(representativesOnly);
      const orderId = orderRows.length + 1;
      const trade = customer.segment === 'Distributor' || customer.weight > 8;
      const chosen = new Set<number>();
      let net = 0;
      const wanted = lineCount(random, customer.segment);
      for (let attempt = 0; chosen.size < wanted && attempt < wanted * 4 + 40; attempt += 1) {
        const product = products[productSampler.pick(random)]!;
        if (chosen.has(product.id) || (product.lastOrderDay !== null && product.lastOrderDay < day)) continue;
        chosen.add(product.id);
        const unitPrice = roundMoney(product.price / priceFactor);
        const units = quantity(random, customer);
        const discount = random.pickWeighted(DISCOUNTS[trade ? 'trade' : 'standard']);
        net += roundMoney(units * unitPrice * (1 - discount));
        lineRows.push([lineRows.length + 1, orderId, product.id, units, unitPrice.toFixed(2), discount.toFixed(2)]);
      }
      const overseas = OVERSEAS.has(customer.profile.country);
      const { status, shippedDay } = statusAt(random, span, day, overseas);
      const shippingCost = net >= FREE_SHIPPING_FROM && !overseas
        ? 0
        : roundMoney(customer.profile.freight * random.between(0.8, 1.3) + 1.5 * chosen.size);
      const shipCity = random.chance(0.9) ? customer.city : random.pick(customer.profile.cities);
      const requiredDay = day + (overseas ? 21 : random.pick([7, 10, 14]));
      orderRows.push([orderId, customer.id, employee!.id, formatDay(day), formatDay(requiredDay),
        shippedDay === null ? null : formatDay(shippedDay), status, customer.profile.country, shipCity, shippingCost.toFixed(2)]);
      orders.push({ id: orderId, customer, orderDay: day, status, shippedDay, total: roundMoney(net + shippingCost) });
    }
  });

  return {
    tables: [
      { table: 'orders', columns: ['id', 'customer_id', 'employee_id', 'order_date', 'required_date', 'shipped_date', 'status', 'ship_country', 'ship_city', 'shipping_cost'], rows: orderRows },
      { table: 'order_lines', columns: ['id', 'order_id', 'product_id', 'quantity', 'unit_price', 'discount'], rows: lineRows },
    ],
    orders,
  };
}
