// The "record" panel: every deal so far, latest first, with every public move (O39), the
// cards this seat drew, the hands shown and the captures.

import { handName, moveText, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardRow } from "./card.js";
import { seatName } from "./table.js";

function moveLine(move, seats, me) {
  return h(
    "li",
    { class: `move ${move.kind}` },
    `${seatName(seats[move.seat], me)}: ${moveText(move)}`,
    move.kind === "change" && cardRow(move.cards, { small: true }),
    move.kind === "change" && move.drawn.some(Boolean) && ["→", cardRow(move.drawn, { small: true })],
  );
}

export function recordPanel(record, { seats, me }) {
  const played = record.deals.filter((deal) => deal.moves.length > 0);
  if (played.length === 0) return h("p", {}, t("recordEmpty"));
  return h(
    "div",
    { class: "deals" },
    played
      .slice()
      .reverse()
      .map((deal) =>
        h(
          "section",
          { class: "record-deal", dataset: { deal: deal.deal } },
          h("h3", {}, `${t("deal", { n: deal.deal })} · ${t("joker", { n: deal.joker })}`),
          h("ul", { class: "moves" }, deal.moves.map((move) => moveLine(move, seats, me))),
          deal.reveals.map((reveal) =>
            h("p", { class: "reveal" }, `${seatName(seats[reveal.seat], me)}: ${handName(reveal.category)}`, cardRow(reveal.cards, { small: true, joker: reveal.joker, roles: reveal.role_cards })),
          ),
          deal.captured && h("p", { class: "captured" }, t("takes", { name: seatName(seats[deal.captured.seat], me), n: deal.captured.points })),
        ),
      ),
  );
}
