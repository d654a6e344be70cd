// The "record" panel: every hand so far, latest first, with its public actions street by
// street, the hands shown and the pots won; and the hand rankings as help (H35, H49).

import { cardRow } from "../cards.js";
import { actionText, handName, seatName, t, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";

function line(entry, seats, me) {
  if (entry.board) return h("li", { class: "street" }, words("streets")[entry.street], cardRow(entry.board, { small: true }));
  return h("li", { class: `action ${entry.kind}` }, `${seatName(seats[entry.seat], me)}: ${actionText(entry)}`);
}

function rankings() {
  const names = words("hands");
  return h(
    "details",
    { class: "rankings", id: "rankings" },
    h("summary", {}, t("help")),
    h("ol", {}, Object.keys(names).map((category) => h("li", {}, names[category]))),
  );
}

export function recordPanel(record, { seats, me }) {
  const hands = record.hands.filter((hand) => hand.actions.length > 0 || hand.ended);
  return h(
    "div",
    { class: "holdem record" },
    rankings(),
    hands.length === 0
      ? h("p", {}, t("recordEmpty"))
      : hands
          .slice()
          .reverse()
          .map((hand) =>
            h(
              "section",
              { class: "record-hand", dataset: { hand: hand.hand } },
              h("h3", {}, `${t("hand", { n: hand.hand })} · ${t("blinds", { small: hand.blinds[0], big: hand.blinds[1] })}`),
              h("ul", { class: "actions" }, hand.actions.map((entry) => line(entry, seats, me))),
              hand.shown.map((shown) => h("p", { class: "shown" }, `${seatName(seats[shown.seat], me)}: ${handName(shown.category)}`, cardRow(shown.best_five, { small: true }))),
              hand.awards.map((award) => h("p", { class: "award" }, award.winners.map((seat, i) => t("wins", { name: seatName(seats[seat], me), n: award.shares[i] })).join(", "))),
            ),
          ),
  );
}
