// The seven balance parameters (docs/rules/juggernaut.md J5) read from a page's query the
// forgiving way of J6: each on its own, a value counts only if the whole of it is ASCII
// digits and its number lies in the range; anything else leaves the default. The query is
// decoded as usual (percent escapes, "+" a space); a name given twice counts the first time;
// names are case-sensitive; unknown names are ignored.

export const PARAMS = [
  { name: "initialSilver", fallback: 10, min: 0, max: 99 },
  { name: "reward1", fallback: 15, min: 0, max: 99 },
  { name: "reward2", fallback: 7, min: 0, max: 99 },
  { name: "reward3", fallback: 6, min: 0, max: 99 },
  { name: "reward4", fallback: 5, min: 0, max: 99 },
  { name: "winGold", fallback: 3, min: 1, max: 99 },
  { name: "goldExchangeSilver", fallback: 10, min: 1, max: 99 },
];

const DIGITS = /^[0-9]+$/; // no "m" flag: "$" is the end of the text, never a line's end

// `raw` (decoded, or null when absent) as a number if it is whole ASCII digits within
// [min, max], else null. BigInt compares long numbers exactly.
function parsed(raw, { min, max }) {
  if (raw === null || !DIGITS.test(raw)) return null;
  const value = BigInt(raw);
  return value >= BigInt(min) && value <= BigInt(max) ? Number(value) : null;
}

// The parameters in force for a query string ("?a=1&b=2" or "a=1&b=2"), and which of them
// the query set (the others are their defaults).
export function fromQuery(search) {
  const query = new URLSearchParams(search); // get() answers the first of a repeated name
  const values = {};
  const given = {};
  for (const param of PARAMS) {
    const value = parsed(query.get(param.name), param);
    values[param.name] = value ?? param.fallback;
    given[param.name] = value !== null;
  }
  return { values, given };
}
