import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { mersenne53 } from './mersenne.js';

// Realistic strings for mock fixtures from @faker-js/faker (English locale), deterministic: faker is seeded before
// every value with a hash of where the value goes (the schema's pointer, the property name, the sample's number),
// so the same contract gives byte-identical fixtures on every run, and one value does not shift the others.

type Make = () => string;

/**
 * Faker with the English locale on {@link mersenne53}: the same values as `@faker-js/faker/locale/en`'s instance, with
 * a seed that costs microseconds. Its class comes from that instance, since the package's main entry loads every locale.
 */
const faker: Faker = new (english.constructor as typeof Faker)({ locale: english.rawDefinitions, randomizer: mersenne53() });

/** The domain of every generated e-mail address and URL (RFC 2606: reserved for tests, never a real site). */
const DOMAIN = 'example.test';

const lower = (s: string): string => s.toLowerCase().replace(/[^a-z0-9.]+/g, '.').replace(/^\.+|\.+$/g, '');

/** Generators by property name (compared lower-case, without `_`, `-` and spaces), first match wins. */
const BY_NAME: ReadonlyArray<readonly [RegExp, Make]> = [
  [/^(first|given|fore)name$/, () => faker.person.firstName()],
  [/^(last|family|sur)name$/, () => faker.person.lastName()],
  [/^(full|display|contact|person|customer|author|owner|user)?name$/, () => faker.person.fullName()],
  [/^(user|login|nick|screen)name$|^handle$/, () => faker.internet.username().toLowerCase()],
  [/e?mail(address)?$/, () => `${lower(`${faker.person.firstName()}.${faker.person.lastName()}`)}@${DOMAIN}`],
  [/phone|mobile|^tel$|telephone|fax/, () => faker.phone.number({ style: 'international' })],
  [/^(city|town)$/, () => faker.location.city()],
  [/^countrycode$/, () => faker.location.countryCode()],
  [/^country(name)?$/, () => faker.location.country()],
  [/^(state|province|region)$/, () => faker.location.state()],
  [/^(street|address|address1|line1|streetaddress)$/, () => faker.location.streetAddress()],
  [/^(zip|zipcode|postcode|postalcode)$/, () => faker.location.zipCode()],
  [/(url|uri|website|homepage|href|link)$/, () => `https://${faker.internet.domainWord()}.${DOMAIN}/${faker.lorem.slug(2)}`],
  [/^(company|organi[sz]ation|org|employer)(name)?$/, () => faker.company.name()],
  [/^(title|subject|headline|heading|label|caption)$/, () => faker.company.catchPhrase()],
  [/^(description|summary|bio|about|notes?|comments?|body|text|content|details)$/, () => faker.commerce.productDescription()],
  [/^(message|error|reason|detail|hint)$/, () => faker.hacker.phrase()],
  [/^(productname|product|item|itemname)$/, () => faker.commerce.productName()],
  [/^currency(code)?$/, () => faker.finance.currencyCode()],
  [/^(price|amount|cost|balance)$/, () => faker.finance.amount()],
  [/^colou?r$/, () => faker.color.human()],
  [/^slug$/, () => faker.lorem.slug(3)],
  [/^(job)?title$|^role$|^position$/, () => faker.person.jobTitle()],
  [/^(tag|category|kind|type|group|topic|keyword)s?$/, () => faker.word.noun()],
  [/(^|[a-z])(id|key|uid|code|ref|token|hash|sha|digest)$/, () => faker.string.alphanumeric({ length: 12, casing: 'lower' })],
];

/** FNV-1a hash of a string (32 bits, unsigned): the seed of one value, or of a pool position. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The value `make` gives with faker seeded from `seed`. */
function seeded(seed: string, make: Make): string {
  faker.seed(hash(seed));
  return make();
}

/**
 * What `draw` gives with faker seeded from `seed`, handed faker's integers in `[min, max]`: the random source of
 * generators other than faker's own (randexp's strings for a `pattern`), so the package has one seeded generator.
 * `draw` must use them at once (faker's state is shared by every value).
 * @param seed what seeds faker (hashed)
 * @param draw the generator, given `int(min, max)`
 */
export function withSeededInts<T>(seed: string, draw: (int: (min: number, max: number) => number) => T): T {
  faker.seed(hash(seed));
  return draw((min, max) => (max <= min ? min : faker.number.int({ min, max })));
}

/**
 * Values faker already made, by what made them (`s` or `l`, then the arguments): the same schema is sampled again
 * for every operation that answers with it, and a value costs a seed and faker's work. A value depends on its key
 * alone (faker is seeded from it), so the plugin keeps one map from run to run (a watch's runs reuse the values
 * of the unchanged schemas); on the sampling scope (`SampleScope.faked`).
 */
export type FakedValues = Map<string, string | undefined>;

/** The value under `key` in `memo`, made by `make` the first time (every time without a memo). */
function remembered(memo: FakedValues | undefined, key: string, make: () => string | undefined): string | undefined {
  if (!memo) return make();
  if (memo.has(key)) return memo.get(key);
  const value = make();
  memo.set(key, value);
  return value;
}

/** The generator of a property name, if it names a kind of value faker knows. */
const byName = (name: string): Make | undefined => {
  const key = name.toLowerCase().replace(/[\s_-]+/g, '');
  return BY_NAME.find(([re]) => re.test(key))?.[1];
};

/**
 * A realistic string for a property without a format: by the property's name (a person's name, an e-mail, a
 * phone, a city, a country, a URL, a title, a description, a currency, a price…), else a few English words.
 * @param name the property name (`text` for a body, `value` for an item)
 * @param where what seeds it: the schema's pointer and the sample's sequence number and position
 * @param memo the run's values already made (none: every value is made)
 * @returns the value (callers fit it to lengths and patterns)
 */
export function fakeString(name: string, where: string, memo?: FakedValues): string {
  return remembered(memo, `s\u0000${where}\u0000${name}`, () => seeded(`${where}\u0000${name}`, byName(name) ?? (() => faker.word.words({ count: { min: 1, max: 3 } })))) as string;
}

/**
 * A string of the shape of `base`: its prefix kept (up to its last `_` or `-`, else its leading letters and the
 * digit after them, as bech32's `drep1`), then each
 * digit, lower-case and upper-case letter replaced by a random one of its class (other characters kept).
 */
function sameShape(base: string): string {
  const cut = Math.max(base.lastIndexOf('_'), base.lastIndexOf('-')) + 1 || (/^[A-Za-z]+\d?/.exec(base)?.[0].length ?? 0);
  const rest = [...base.slice(cut)].map((c) =>
    /\d/.test(c) ? faker.string.numeric(1) : /[a-z]/.test(c) ? faker.string.alpha({ length: 1, casing: 'lower' }) : /[A-Z]/.test(c) ? faker.string.alpha({ length: 1, casing: 'upper' }) : c,
  );
  return base.slice(0, cut) + rest.join('');
}

/**
 * Another value of the kind `base` is, for the `index`-th sample (2 and up) that varies an example: by the
 * hexadecimal string of the same length and case; a URL on the same origin with another path; an e-mail address
 * on the same domain; an id or token of the same prefix, length and character classes; by the property's name as
 * in {@link fakeString}; plain words in the same number. Undefined
 * for anything else (the caller keeps the example then).
 * @param name the property name
 * @param base the example's value
 * @param index the sample's 1-based sequence number
 * @param seed the run's seed of faker's values (0 or absent: none)
 * @param memo the run's values already made (none: every value is made)
 */
export function fakeLike(name: string, base: string, index: number, seed?: number, memo?: FakedValues): string | undefined {
  const where = `${seed ? `${seed}\u0000` : ''}${name}\u0000${base}\u0000${index}`;
  return remembered(memo, `l\u0000${where}`, () => likeOf(name, base, where));
}

/** {@link fakeLike}'s value, made; `where` seeds it. */
function likeOf(name: string, base: string, where: string): string | undefined {
  if (/^[0-9a-f]{8,}$/i.test(base) && /[a-f]/i.test(base)) {
    const upper = base === base.toUpperCase() && /[A-F]/.test(base);
    return seeded(where, () => faker.string.hexadecimal({ length: base.length, prefix: '', casing: upper ? 'upper' : 'lower' }));
  }
  const url = /^(https?:\/\/[^/?#]+)(\/[^?#]*)?/i.exec(base);
  if (url) return seeded(where, () => `${url[1]}/${faker.lorem.slug(2)}`);
  const at = base.indexOf('@');
  if (at > 0 && /^[^@\s]+@[^@\s]+$/.test(base)) return seeded(where, () => `${lower(`${faker.person.firstName()}.${faker.person.lastName()}`)}${base.slice(at)}`);
  // A value ending in digits is counted up by the caller (`INV-0001`, `+1 555 0100`), which keeps its pattern.
  if (/\d$/.test(base)) return undefined;
  // An id or token (letters and digits, no spaces): the same prefix, length and character classes.
  if (/^[A-Za-z0-9_-]{6,}$/.test(base) && /\d/.test(base)) return seeded(where, () => sameShape(base));
  const make = byName(name);
  if (make) return seeded(where, make);
  const words = base.split(' ');
  if (words.every((w) => /^[\p{L}]+$/u.test(w))) {
    const out = seeded(where, () => faker.word.words(words.length));
    return /^\p{Lu}/u.test(base) ? out.charAt(0).toUpperCase() + out.slice(1) : out;
  }
  return undefined;
}
