/**
 * The `wholesale` sample: DDL and comments for a fictional food and drink wholesaler. Amounts are
 * in EUR. State names are declared once here and used both in CHECK constraints and the generator.
 */

export const CUSTOMER_SEGMENTS = ['Retail', 'Hospitality', 'Distributor', 'Online'] as const;
export type CustomerSegment = (typeof CUSTOMER_SEGMENTS)[number];

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'direct_debit', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

function oneOf(column: string, values: readonly string[]): string {
  return `CHECK (${column} IN (${values.map((value) => `'${value}'`).join(', ')}))`;
}

export const WHOLESALE_SCHEMA_SQL = `
CREATE TABLE categories (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL
);
CREATE TABLE suppliers (
  id integer PRIMARY KEY,
  name text NOT NULL,
  contact_name text NOT NULL,
  country text NOT NULL,
  city text NOT NULL
);
CREATE TABLE products (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  category_id integer NOT NULL REFERENCES categories (id),
  supplier_id integer NOT NULL REFERENCES suppliers (id),
  quantity_per_unit text NOT NULL,
  unit_price numeric(12,2) NOT NULL CHECK (unit_price > 0),
  unit_cost numeric(12,2) NOT NULL CHECK (unit_cost > 0),
  units_in_stock integer NOT NULL CHECK (units_in_stock >= 0),
  reorder_level integer NOT NULL CHECK (reorder_level >= 0),
  discontinued boolean NOT NULL DEFAULT false
);
CREATE TABLE employees (
  id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL UNIQUE,
  title text NOT NULL,
  manager_id integer REFERENCES employees (id),
  office text NOT NULL,
  country text NOT NULL,
  hire_date date NOT NULL
);
CREATE TABLE customers (
  id integer PRIMARY KEY,
  name text NOT NULL,
  contact_name text NOT NULL,
  email text NOT NULL,
  segment text NOT NULL ${oneOf('segment', CUSTOMER_SEGMENTS)},
  country text NOT NULL,
  city text NOT NULL,
  payment_terms_days integer NOT NULL CHECK (payment_terms_days > 0),
  customer_since date NOT NULL
);
CREATE TABLE orders (
  id integer PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  employee_id integer NOT NULL REFERENCES employees (id),
  order_date date NOT NULL,
  required_date date NOT NULL,
  shipped_date date,
  status text NOT NULL ${oneOf('status', ORDER_STATUSES)},
  ship_country text NOT NULL,
  ship_city text NOT NULL,
  shipping_cost numeric(12,2) NOT NULL CHECK (shipping_cost >= 0)
);
CREATE INDEX orders_customer_id_idx ON orders (customer_id);
CREATE INDEX orders_employee_id_idx ON orders (employee_id);
CREATE INDEX orders_order_date_idx ON orders (order_date);
CREATE TABLE order_lines (
  id integer PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id),
  product_id integer NOT NULL REFERENCES products (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price numeric(12,2) NOT NULL CHECK (unit_price > 0),
  discount numeric(4,2) NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 0.25),
  UNIQUE (order_id, product_id)
);
CREATE INDEX order_lines_product_id_idx ON order_lines (product_id);
CREATE TABLE invoices (
  id integer PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  order_id integer NOT NULL REFERENCES orders (id),
  customer_id integer NOT NULL REFERENCES customers (id),
  invoice_date date NOT NULL,
  due_date date NOT NULL,
  amount numeric(12,2) NOT NULL CHECK (amount >= 0),
  status text NOT NULL ${oneOf('status', INVOICE_STATUSES)},
  CHECK (due_date >= invoice_date)
);
CREATE INDEX invoices_order_id_idx ON invoices (order_id);
CREATE INDEX invoices_customer_id_idx ON invoices (customer_id);
CREATE TABLE payments (
  id integer PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id),
  payment_date date NOT NULL,
  amount numeric(12,2) NOT NULL CHECK (amount > 0),
  method text NOT NULL ${oneOf('method', PAYMENT_METHODS)}
);
CREATE INDEX payments_invoice_id_idx ON payments (invoice_id);

COMMENT ON TABLE categories IS 'Product categories, e.g. Beverages or Seafood';
COMMENT ON TABLE suppliers IS 'Producers the company buys its products from';
COMMENT ON TABLE products IS 'Products the company sells, with their current list price';
COMMENT ON COLUMN products.quantity_per_unit IS 'What one unit contains, e.g. 12 x 500 ml bottles';
COMMENT ON COLUMN products.unit_price IS 'Current list price of one unit in EUR, excluding VAT';
COMMENT ON COLUMN products.unit_cost IS 'What one unit costs the company to buy in EUR (standard cost)';
COMMENT ON COLUMN products.units_in_stock IS 'Units in the warehouse at the end of the data period';
COMMENT ON COLUMN products.reorder_level IS 'Stock level at which the product is reordered from the supplier';
COMMENT ON COLUMN products.discontinued IS 'True when the product is no longer sold';
COMMENT ON TABLE employees IS 'Staff: sales representatives, their managers and the managing director';
COMMENT ON COLUMN employees.manager_id IS 'The employee this person reports to; empty for the managing director';
COMMENT ON COLUMN employees.office IS 'City of the office the employee works from';
COMMENT ON COLUMN employees.country IS 'Country of the office the employee works from';
COMMENT ON TABLE customers IS 'Business customers that place orders';
COMMENT ON COLUMN customers.segment IS 'Kind of customer: Retail, Hospitality, Distributor or Online';
COMMENT ON COLUMN customers.payment_terms_days IS 'Days the customer has to pay an invoice after the invoice date';
COMMENT ON COLUMN customers.customer_since IS 'Date the customer account was opened';
COMMENT ON TABLE orders IS 'Sales orders; each has one or more order lines';
COMMENT ON COLUMN orders.employee_id IS 'Sales representative responsible for the order';
COMMENT ON COLUMN orders.required_date IS 'Date the customer wants the goods delivered by';
COMMENT ON COLUMN orders.shipped_date IS 'Date the goods left the warehouse; empty if not shipped';
COMMENT ON COLUMN orders.status IS 'pending, shipped, delivered, cancelled or returned';
COMMENT ON COLUMN orders.ship_country IS 'Country the order is delivered to';
COMMENT ON COLUMN orders.ship_city IS 'City the order is delivered to';
COMMENT ON COLUMN orders.shipping_cost IS 'Freight charged to the customer in EUR';
COMMENT ON TABLE order_lines IS 'Products and quantities on each order; line value is quantity * unit_price * (1 - discount)';
COMMENT ON COLUMN order_lines.unit_price IS 'Price of one unit in EUR at the time of the order, before discount';
COMMENT ON COLUMN order_lines.discount IS 'Discount as a fraction of the line value, 0 to 0.25 (0.10 = 10 %)';
COMMENT ON TABLE invoices IS 'One invoice per invoiced order';
COMMENT ON COLUMN invoices.invoice_number IS 'Invoice number shown to the customer, INV-year-sequence';
COMMENT ON COLUMN invoices.due_date IS 'Date payment is due; an open invoice past this date is overdue';
COMMENT ON COLUMN invoices.amount IS 'Invoice amount in EUR: discounted order lines plus shipping, excluding VAT';
COMMENT ON COLUMN invoices.status IS 'draft (not yet sent), open (sent, not fully paid), paid or cancelled';
COMMENT ON TABLE payments IS 'Payments received against invoices; an invoice may be paid in several parts';
COMMENT ON COLUMN payments.amount IS 'Amount received in EUR';
COMMENT ON COLUMN payments.method IS 'bank_transfer, card, direct_debit or cheque';
`;
