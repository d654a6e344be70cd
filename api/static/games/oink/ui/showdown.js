// A deal's end (O21-O37): the hands shown, their role cards raised, who won and how, and the
// captured cards flying to the winner's pile; then the next deal.

import { handName, t, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardFace } from "./card.js";
import { seatName } from "./table.js";

function shownHand(reveal, seats, me) {
  return h(
    "div",
    { class: "shown", dataset: { seat: reveal.seat } },
    h("header", {}, h("span", { class: "name" }, seatName(seats[reveal.seat], me)), h("strong", {}, handName(reveal.category))),
    h(
      "div",
      { class: "cards" },
      reveal.cards.map((card) => cardFace(card, { joker: reveal.joker, role: reveal.role_cards.includes(card), small: true })),
    ),
  );
}

function verdict(deal, seats, me) {
  const decided = deal.decided;
  if (!decided) return null;
  if (decided.outcome === "draw") return decided.decided_by === "turn_limit" ? t("drawTurns") : t("draw");
  const how = words("decidedBy")[decided.decided_by] ?? "";
  return `${t("wins", { name: seatName(seats[decided.winner], me) })} (${how})`;
}

// The captured cards, each flying toward the winner's pile: down for the player, up otherwise.
function capture(deal, seats, me) {
  const captured = deal.captured;
  if (!captured) return null;
  const cards = [...captured.own, ...captured.received];
  const toward = captured.seat === me ? "down" : "up";
  return h(
    "div",
    { class: "capture", id: "capture" },
    h("p", {}, t("takes", { name: seatName(seats[captured.seat], me), n: captured.points })),
    h(
      "div",
      { class: `cards flying ${toward}` },
      cards.map((card) => cardFace(card, { small: true })),
    ),
  );
}

export function dealResult(deal, { seats, me, act }) {
  const oinker = deal.moves.find((move) => move.kind === "oink");
  return h(
    "section",
    { class: "deal-result", id: "deal-result", dataset: { deal: deal.deal } },
    h("h2", {}, t("dealResult", { n: deal.deal })),
    oinker && h("p", { class: "oinked" }, t("oinked", { name: seatName(seats[oinker.seat], me) })),
    deal.reveals.map((reveal) => shownHand(reveal, seats, me)),
    h("p", { class: "verdict", id: "verdict" }, verdict(deal, seats, me)),
    capture(deal, seats, me),
    act.next && h("button", { class: "primary", id: "next-deal", onclick: act.next }, t("nextDeal")),
  );
}
