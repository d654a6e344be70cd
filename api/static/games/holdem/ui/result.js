// A finished hand (the view's `previous`): the board, the hands shown with their best five
// named (H34, H35), who mucked, and who won each pot.

import { cardRow } from "../cards.js";
import { handName, seatName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function handResult(previous, { seats, me, next }) {
  return h(
    "section",
    { class: "result", id: "result", dataset: { hand: previous.hand } },
    h("h2", {}, t("handResult", { n: previous.hand })),
    previous.board.length > 0 && h("div", { class: "board" }, cardRow(previous.board, { small: true })),
    previous.shown.map((shown) =>
      h(
        "div",
        { class: "shown", dataset: { seat: shown.seat } },
        h("span", { class: "name" }, seatName(seats[shown.seat], me)),
        cardRow(shown.cards, { small: true }),
        h("strong", { class: "category" }, handName(shown.category)),
        cardRow(shown.best_five, { small: true, best: shown.best_five }),
      ),
    ),
    previous.mucked.map((seat) => h("div", { class: "shown mucked" }, `${seatName(seats[seat], me)}: ${t("mucked")}`)),
    h(
      "ul",
      { class: "awards" },
      previous.awards.map((award) =>
        h("li", {}, award.winners.map((seat, i) => t("wins", { name: seatName(seats[seat], me), n: award.shares[i] })).join(", "), award.uncontested && ` ${t("uncontested")}`),
      ),
    ),
    next && h("div", { class: "buttons" }, h("button", { class: "primary", id: "next-hand", onclick: next }, t("nextHand"))),
  );
}
