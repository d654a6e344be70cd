// Cards and hands as docs/rules/flipside.md defines them (R1-R3, R15-R16), for naming hands
// live while a player turns cards. The server decides every outcome; this port only has to
// agree with flipside/games/flipside/hands.py, and the browser test checks that on all 6,188
// rank multisets.

const RANKS = "23456789TJQKA"; // R1: low to high

// Weakest first, as in hands.py: the index is the category's weight in a value.
const CATEGORIES = [
  "high_card",
  "one_pair",
  "two_pair",
  "three_of_a_kind",
  "straight",
  "full_house",
  "four_of_a_kind",
  "five_of_a_kind",
];

// Group sizes, biggest first, to category (a straight is checked before "high_card").
const SHAPES = {
  5: "five_of_a_kind",
  "4,1": "four_of_a_kind",
  "3,2": "full_house",
  "3,1,1": "three_of_a_kind",
  "2,2,1": "two_pair",
  "2,1,1,1": "one_pair",
  "1,1,1,1,1": "high_card",
};

const WHEEL = "12,3,2,1,0"; // A 5 4 3 2: the ace plays low and the top is 5 (R16)

function rankIndex(rank) {
  const index = RANKS.indexOf(String(rank).toUpperCase());
  if (index < 0 || String(rank).length !== 1) throw new Error(`${rank} is not a rank`);
  return index;
}

// The straight's top rank index, or null (R16: no wrap-around).
function straightTop(descending) {
  if (descending.join(",") === WHEEL) return RANKS.indexOf("5");
  for (let i = 0; i < 4; i++) if (descending[i] - 1 !== descending[i + 1]) return null;
  return descending[0];
}

// Evaluate five ranks ("55582" or ["5", ...]): { category, value, ranks }.
// `value` orders hands like hands.hand_value; `ranks` are the R15 tie-break ranks, the
// deciding ones first (the straight's top; the triple, then the pair; ...).
export function evaluate(ranks) {
  const indices = [...ranks].map(rankIndex);
  if (indices.length !== 5) throw new Error(`a hand has exactly 5 ranks, got ${indices.length}`);
  const counts = new Map();
  for (const index of indices) counts.set(index, (counts.get(index) || 0) + 1);
  // Biggest group first, then the higher rank: R15's comparison order except for straights.
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map(([, count]) => count).join(",");
  let tiebreak = groups.map(([rank]) => rank);
  let category = SHAPES[shape];
  if (category === "high_card") {
    const top = straightTop([...indices].sort((a, b) => b - a));
    if (top !== null) [category, tiebreak] = ["straight", [top]];
  }
  let value = CATEGORIES.indexOf(category);
  for (let position = 0; position < 5; position++) {
    value = value * 13 + (position < tiebreak.length ? tiebreak[position] : 0);
  }
  return { category, value, ranks: tiebreak.map((index) => RANKS[index]) };
}

// A card identity is written high rank first (R3); an oriented card up rank first.
export function identity(oriented) {
  const [a, b] = oriented;
  return RANKS.indexOf(a) > RANKS.indexOf(b) ? a + b : b + a;
}

export function flipped(oriented) {
  return oriented[1] + oriented[0];
}

// The rank as people read it: T is written 10 on a card and in a hand's name.
export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}
