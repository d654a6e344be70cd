// The table: the opponent (score, die, captured pile, hand as this seat may see it), the
// middle (both dice and the joker number, the deck, this deal's discards: O39), and the
// player's own score line.

import { DICE } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardBack, cardRow } from "./card.js";

export function seatName(seat, me) {
  if (seat.seat === me) return t("you");
  const level = seat.level ? ` ${seat.level.replace("_", " ").toUpperCase()}` : "";
  return `${seat.name ?? t("cpu")}${level}`;
}

function badges(view, seat) {
  return [
    view.start_seat === seat.seat && h("span", { class: "badge start" }, t("start")),
    view.knocker === seat.seat && h("span", { class: "badge knock" }, t("knocker")),
  ];
}

// A seat's score, its race to the target (O10), and its captured pile.
export function scoreLine(view, seat, me) {
  return h(
    "header",
    { class: "score-line" },
    h("span", { class: "name" }, seatName(seat, me)),
    badges(view, seat),
    h("span", { class: "die", title: `${seat.die ?? ""}` }, DICE[seat.die ?? 0] ?? ""),
    h(
      "span",
      { class: "score", dataset: { score: seat.score } },
      t("score", { n: seat.score, target: view.target }),
    ),
    h(
      "span",
      { class: "race", "aria-hidden": "true" },
      Array.from({ length: view.target }, (_, point) => h("span", { class: point < seat.score ? "pip on" : "pip" })),
    ),
  );
}

export function opponentPanel(view, me) {
  const seat = view.seats[1 - me];
  const hand = seat.hand ?? Array(seat.hand_size).fill(null);
  return h(
    "section",
    { class: `seat opponent${view.to_act === seat.seat ? " acting" : ""}`, id: "opponent" },
    scoreLine(view, seat, me),
    h("div", { class: "hand" }, cardRow(hand, { joker: view.joker, small: true })),
    h("div", { class: "pile", id: "opponent-pile" }, pileOf(seat)),
  );
}

export function pileOf(seat) {
  return [
    h("span", { class: "pile-count" }, t("pile", { n: seat.captured.length })),
    seat.captured.length > 0 && cardBack({ small: true }),
  ];
}

export function centre(view) {
  const [first, second] = view.seats.map((seat) => DICE[seat.die ?? 0] ?? "");
  return h(
    "section",
    { class: "centre", id: "centre" },
    h(
      "div",
      { class: "dice-line" },
      h("span", { class: "dice", "aria-hidden": "true" }, `${first} ${second}`),
      h("strong", { class: "joker-number", id: "joker" }, view.joker ? t("joker", { n: view.joker }) : t("noJoker")),
    ),
    h(
      "div",
      { class: "counts" },
      [t("deal", { n: view.deal }), t("turn", { n: view.turn }), t("deck", { n: view.deck_count }), t("discardPile", { n: view.discard_count })].join(" · "),
    ),
    view.discards.length > 0 && h("div", { class: "discards", id: "discards" }, cardRow(view.discards, { joker: view.joker, small: true })),
  );
}
