/**
 * Fixed reference lists for the `wholesale` sample: where customers are, which office serves
 * them, and what the company sells. Hand-written so the data reads like a real European wholesaler.
 */

export interface CountryProfile {
  readonly country: string;
  readonly cities: readonly string[];
  /** Share of customers, relative to the other countries. */
  readonly weight: number;
  /** Faker locale for names of people and companies there. */
  readonly locale: string;
  /** The office whose representatives serve the country. */
  readonly office: string;
  /** Typical freight for one order in EUR. */
  readonly freight: number;
}

export const COUNTRIES: readonly CountryProfile[] = [
  { country: 'Germany', cities: ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Frankfurt'], weight: 18, locale: 'de', office: 'Hamburg', freight: 28 },
  { country: 'France', cities: ['Paris', 'Lyon', 'Marseille', 'Bordeaux', 'Lille'], weight: 15, locale: 'fr', office: 'Lyon', freight: 32 },
  { country: 'Netherlands', cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'], weight: 12, locale: 'nl', office: 'Rotterdam', freight: 18 },
  { country: 'United Kingdom', cities: ['London', 'Manchester', 'Birmingham', 'Leeds'], weight: 10, locale: 'en_GB', office: 'London', freight: 45 },
  { country: 'Spain', cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville'], weight: 9, locale: 'es', office: 'Lyon', freight: 48 },
  { country: 'Italy', cities: ['Milan', 'Rome', 'Turin', 'Bologna'], weight: 9, locale: 'it', office: 'Lyon', freight: 46 },
  { country: 'Belgium', cities: ['Brussels', 'Antwerp', 'Ghent'], weight: 7, locale: 'nl_BE', office: 'Rotterdam', freight: 20 },
  { country: 'Austria', cities: ['Vienna', 'Graz', 'Salzburg'], weight: 4, locale: 'de_AT', office: 'Hamburg', freight: 40 },
  { country: 'Switzerland', cities: ['Zurich', 'Geneva', 'Basel'], weight: 4, locale: 'de_CH', office: 'Hamburg', freight: 55 },
  { country: 'Poland', cities: ['Warsaw', 'Kraków', 'Wrocław'], weight: 4, locale: 'pl', office: 'Hamburg', freight: 42 },
  { country: 'Denmark', cities: ['Copenhagen', 'Aarhus'], weight: 3, locale: 'da', office: 'Rotterdam', freight: 38 },
  { country: 'Sweden', cities: ['Stockholm', 'Gothenburg', 'Malmö'], weight: 3, locale: 'sv', office: 'Rotterdam', freight: 50 },
  { country: 'Portugal', cities: ['Lisbon', 'Porto'], weight: 3, locale: 'pt_PT', office: 'Lyon', freight: 55 },
  { country: 'Ireland', cities: ['Dublin', 'Cork'], weight: 2, locale: 'en_IE', office: 'London', freight: 52 },
  { country: 'United States', cities: ['New York', 'Boston', 'Chicago'], weight: 2, locale: 'en_US', office: 'Rotterdam', freight: 140 },
  { country: 'Canada', cities: ['Toronto', 'Montreal'], weight: 1, locale: 'en_CA', office: 'Rotterdam', freight: 150 },
];

export interface OfficeProfile {
  readonly office: string;
  readonly country: string;
  readonly locale: string;
  /** Sales representatives working there. */
  readonly representatives: number;
}

export const OFFICES: readonly OfficeProfile[] = [
  { office: 'Rotterdam', country: 'Netherlands', locale: 'nl', representatives: 5 },
  { office: 'Hamburg', country: 'Germany', locale: 'de', representatives: 5 },
  { office: 'Lyon', country: 'France', locale: 'fr', representatives: 5 },
  { office: 'London', country: 'United Kingdom', locale: 'en_GB', representatives: 3 },
];

/** The head office, where the managing director and the inside sales team sit. */
export const HEAD_OFFICE = OFFICES[0]!;

export interface CategoryProfile {
  readonly name: string;
  readonly description: string;
  readonly products: readonly string[];
  readonly packs: readonly string[];
  /** List price range of one unit (a pack) in EUR. */
  readonly priceRange: readonly [number, number];
  /** Countries its suppliers come from. */
  readonly supplierCountries: readonly string[];
}

export const CATEGORIES: readonly CategoryProfile[] = [
  {
    name: 'Beverages', description: 'Coffee, tea, soft drinks, beer and wine',
    products: ['Arabica Coffee Beans', 'Espresso Roast', 'Earl Grey Tea', 'Sencha Green Tea', 'Sparkling Mineral Water', 'Cloudy Apple Juice', 'Orange Juice', 'Lemonade', 'Ginger Beer', 'Craft Lager', 'Pale Ale', 'Tempranillo Red Wine', 'Riesling White Wine', 'Tonic Water', 'Cold Brew Concentrate'],
    packs: ['24 x 330 ml cans', '12 x 1 l bottles', '6 x 750 ml bottles', '10 x 500 g bags', '20 x 25 bags'], priceRange: [14, 95],
    supplierCountries: ['Germany', 'Spain', 'Netherlands', 'Italy'],
  },
  {
    name: 'Condiments', description: 'Sauces, oils, vinegars, spices and dressings',
    products: ['Dijon Mustard', 'Tomato Ketchup', 'Mayonnaise', 'Balsamic Vinegar', 'Extra Virgin Olive Oil', 'Sunflower Oil', 'Soy Sauce', 'Hot Chili Sauce', 'Pesto Genovese', 'Barbecue Sauce', 'Sea Salt Flakes', 'Black Peppercorns', 'Red Curry Paste', 'Honey Mustard Dressing', 'Garlic Aioli'],
    packs: ['12 x 250 ml jars', '6 x 1 l bottles', '24 x 200 g jars', '12 x 500 ml bottles'], priceRange: [9, 70],
    supplierCountries: ['France', 'Italy', 'Spain', 'Netherlands'],
  },
  {
    name: 'Confections', description: 'Chocolate, biscuits, sweets and spreads',
    products: ['Dark Chocolate Bar', 'Milk Chocolate Pralines', 'Butter Cookies', 'Caramel Stroopwafels', 'Almond Biscotti', 'Fruit Gums', 'Salted Licorice', 'Honey Nougat', 'Marzipan Bites', 'Caramel Fudge', 'Spiced Gingerbread', 'Hazelnut Chocolate Spread', 'Pistachio Macarons', 'Brownie Bites', 'Scottish Shortbread'],
    packs: ['24 x 100 g bars', '12 x 250 g boxes', '20 x 200 g packs', '10 x 400 g tins'], priceRange: [12, 80],
    supplierCountries: ['Belgium', 'Netherlands', 'Switzerland', 'United Kingdom'],
  },
  {
    name: 'Dairy Products', description: 'Cheese, butter, cream, yogurt and milk',
    products: ['Aged Gouda', 'Mature Cheddar', 'Brie de Meaux', 'Parmigiano Reggiano', 'Buffalo Mozzarella', 'Greek Yogurt', 'Unsalted Butter', 'Whipping Cream', 'Camembert', 'Feta', 'Mascarpone', 'Emmental', 'Icelandic Skyr', 'Barista Oat Milk', 'Whole Milk UHT'],
    packs: ['4 x 1 kg wheels', '12 x 500 g tubs', '10 x 250 g blocks', '12 x 1 l cartons'], priceRange: [10, 120],
    supplierCountries: ['Netherlands', 'France', 'Italy', 'Denmark'],
  },
  {
    name: 'Grains & Cereals', description: 'Rice, pasta, flour, oats and breakfast cereals',
    products: ['Basmati Rice', 'Arborio Rice', 'Spaghetti', 'Penne Rigate', 'Rolled Oats', 'Crunchy Granola', 'Couscous', 'White Quinoa', 'Wheat Flour', 'Rye Bread Mix', 'Whole Grain Crispbread', 'Instant Polenta', 'Egg Noodles', 'Bulgur Wheat', 'Swiss Muesli'],
    packs: ['10 x 1 kg bags', '20 x 500 g packs', '5 x 5 kg sacks', '12 x 750 g boxes'], priceRange: [8, 55],
    supplierCountries: ['Italy', 'Germany', 'Poland', 'Sweden'],
  },
  {
    name: 'Meat & Poultry', description: 'Cured, smoked, fresh and frozen meat',
    products: ['Smoked Ham', 'Chicken Breast Fillets', 'Beef Burgers', 'Pork Sausages', 'Salami Milano', 'Chorizo', 'Prosciutto di Parma', 'Turkey Slices', 'Duck Confit', 'Lamb Meatballs', 'Pastrami', 'Bacon Rashers', 'Frankfurters', 'Country Pâté', 'Roast Beef Slices'],
    packs: ['10 x 200 g packs', '4 x 2.5 kg trays', '12 x 400 g packs', '6 x 1 kg vacuum packs'], priceRange: [18, 140],
    supplierCountries: ['Germany', 'Spain', 'Italy', 'France', 'Denmark'],
  },
  {
    name: 'Produce', description: 'Preserved and frozen vegetables, fruit and nuts',
    products: ['Sun-dried Tomatoes', 'Canned Chickpeas', 'Dried Apricots', 'Mixed Nuts', 'Roasted Almonds', 'Walnut Halves', 'Kalamata Olives', 'Capers in Brine', 'Frozen Garden Peas', 'Frozen Berry Mix', 'Tomato Passata', 'Dried Porcini', 'Pickled Gherkins', 'Roasted Red Peppers', 'Sultana Raisins'],
    packs: ['12 x 400 g cans', '6 x 1 kg bags', '10 x 250 g jars', '4 x 2.5 kg bags'], priceRange: [9, 85],
    supplierCountries: ['Spain', 'Italy', 'Poland', 'Portugal'],
  },
  {
    name: 'Seafood', description: 'Smoked, canned and frozen fish and shellfish',
    products: ['Smoked Salmon', 'Tuna in Olive Oil', 'Sardines', 'Anchovy Fillets', 'Frozen Prawns', 'Pickled Herring', 'Blue Mussels', 'Cod Fillets', 'Smoked Mackerel', 'Crab Meat', 'Provençal Fish Soup', 'Calamari Rings', 'Salmon Fillets', 'Lumpfish Roe', 'Seafood Mix'],
    packs: ['10 x 200 g packs', '24 x 120 g cans', '5 x 1 kg frozen bags', '12 x 500 g jars'], priceRange: [16, 150],
    supplierCountries: ['Portugal', 'Denmark', 'Sweden', 'Netherlands', 'Spain'],
  },
];

export const SUPPLIER_CITIES: Readonly<Record<string, readonly string[]>> = {
  Germany: ['Bremen', 'Stuttgart', 'Leipzig'], Spain: ['Zaragoza', 'Málaga', 'Bilbao'],
  Netherlands: ['Groningen', 'Zwolle', 'Breda'], Italy: ['Parma', 'Naples', 'Verona'],
  France: ['Dijon', 'Nantes', 'Toulouse'], Belgium: ['Liège', 'Bruges'], Switzerland: ['Lucerne', 'Bern'],
  'United Kingdom': ['Glasgow', 'Bristol'], Denmark: ['Odense', 'Aalborg'], Poland: ['Poznań', 'Gdańsk'],
  Sweden: ['Uppsala', 'Västerås'], Portugal: ['Aveiro', 'Braga'],
};

export const COUNTRY_LOCALES: Readonly<Record<string, string>> = Object.fromEntries([
  ...COUNTRIES.map((profile) => [profile.country, profile.locale]),
]);
