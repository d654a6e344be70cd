// The "record" panel: every exchange and showdown of the match so far, as this seat may see
// them (other seats' drawn cards stay face down until their showdown). The up and the down
// table share their column widths, so their columns line up.

import { evaluate, rankLabel } from "../cards.js";
import { sideDelta } from "../history.js";
import { handName, t } from "../i18n.js";
import { cardList } from "./card.js";
import { h } from "../../../ui/dom.js";
import { signed } from "./showdown.js";
import { seatName } from "./table.js";

function exchangeLine(exchange, me, seats) {
  return h(
    "li",
    { class: "exchange-line" },
    h("span", { class: "name" }, seatName(seats[exchange.seat], me)),
    exchange.discarded.length === 0
      ? h("span", {}, t("keptAll"))
      : [
          h("span", {}, t("discarded")),
          cardList(exchange.discarded, { small: true, label: t("discarded") }),
          h("span", {}, t("drew")),
          cardList(exchange.drawn, { small: true, label: t("drew") }),
        ],
  );
}

function sideTable(round, side, me, seats) {
  const showdown = round.showdowns[side];
  if (!showdown) return null;
  return h(
    "table",
    { class: "side-table" },
    h("caption", {}, t(side)),
    h(
      "colgroup",
      {},
      ["place", "who", "ranks", "named", "change"].map((column) => h("col", { class: column })),
    ),
    showdown.ranking.map((seat, index) => {
      const ranks = showdown.placed[seat].map((card) => card[side === "up" ? 0 : 1]);
      const delta = sideDelta(round, seat, side);
      const out = round.eliminated.some((event) => event.seat === seat && event.side === side);
      return h(
        "tr",
        {},
        h("td", { class: "place" }, t("rankOf", { n: index + 1 })),
        h("td", { class: "who" }, seatName(seats[seat], me)),
        h("td", { class: "ranks" }, ranks.map(rankLabel).join(" ")),
        h("td", { class: "named" }, handName(evaluate(ranks))),
        h(
          "td",
          { class: `change${delta > 0 ? " gain" : delta < 0 ? " loss" : ""}` },
          delta ? signed(delta) : "",
          out && h("span", { class: "out" }, t("statusOut")),
        ),
      );
    }),
  );
}

export function recordPanel(rounds, { me, seats }) {
  const played = rounds.filter((round) => round.exchanges.length > 0);
  if (played.length === 0) return h("p", {}, t("recordEmpty"));
  return h(
    "div",
    { class: "record" },
    played
      .slice()
      .reverse() // the latest round first: it is what a player opens the record to check
      .map((round) =>
        h(
          "section",
          { class: "record-round", dataset: { round: round.round } },
          h("h3", {}, t("round", { n: round.round })),
          h(
            "ul",
            { class: "exchanges" },
            round.exchanges.map((exchange) => exchangeLine(exchange, me, seats)),
          ),
          sideTable(round, "up", me, seats),
          sideTable(round, "down", me, seats),
        ),
      ),
  );
}
