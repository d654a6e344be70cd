// The record: each finished set folded from this seat's events (GET /events, the stream),
// one row per set: the Juggernaut, every seat's category, final place, reward and coins.

import { category, seatName, t } from "./i18n.js";
import { h } from "../../ui/dom.js";

const name = (type) => type.slice(type.lastIndexOf(".") + 1);

export function foldSets(events) {
  const sets = [];
  let current = null;
  for (const { type, data } of events) {
    switch (name(type)) {
      case "SetStarted":
        current = { set: data.set_no, juggernaut: data.juggernaut, places: [], rewards: [] };
        break;
      case "HandsShown":
        current.strengths = data.strengths;
        current.hands = data.hands;
        break;
      case "SetRanked":
        current.places = data.final_ranking;
        current.demoted = data.demoted;
        break;
      case "RewardPaid":
        current.rewards[data.seat] = data.total;
        break;
      case "SetEnded":
        sets.push({ ...current, silver: data.silver, gold: data.gold });
        break;
    }
  }
  return sets;
}

const CATEGORIES = [
  "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
  "four_of_a_kind", "straight_flush", "royal_straight_flush", "five_of_a_kind",
];

export function setsPanel(sets, { seats, me }) {
  if (!sets.length) return h("p", { class: "notice" }, t("recordEmpty"));
  return h(
    "table",
    { class: "record-table juggernaut-record" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, t("recordSet")), seats.map((seat) => h("th", {}, seatName(seat, me)))),
    ),
    h(
      "tbody",
      {},
      sets.map((set) =>
        h(
          "tr",
          { dataset: { set: set.set } },
          h("td", {}, String(set.set)),
          seats.map((seat) => {
            const place = set.places.indexOf(seat.seat) + 1;
            return h(
              "td",
              { class: set.juggernaut === seat.seat ? "was-juggernaut" : null },
              h("div", {}, `${t("place", { n: place })} · ${category(CATEGORIES[set.strengths[seat.seat]])}`),
              h("div", { class: "muted" }, `+${set.rewards[seat.seat] ?? 0} → ${t("coins", { silver: set.silver[seat.seat], gold: set.gold[seat.seat] })}`),
            );
          }),
        ),
      ),
    ),
  );
}
