// The "record" panel: every round so far, latest first, with every public move (K32): fees,
// the openings and tie-breaks turned up, start players, draws, busts, give-ups and the pot.

import { moveText, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { startLine, seatName } from "./table.js";

function line(move, view, me) {
  if (move.kind === "start") return h("li", { class: "move start" }, startLine(view, move, me));
  if (move.kind === "phase") return h("li", { class: "move phase" }, t("phase", { n: move.phase }));
  if (move.kind === "discard") return h("li", { class: "move discard" }, moveText(move));
  return h("li", { class: `move ${move.kind}` }, `${seatName(view.seats[move.seat], me)}: ${moveText(move)}`);
}

export function recordPanel(record, { view, me }) {
  if (record.rounds.length === 0) return h("p", {}, t("recordEmpty"));
  return h(
    "div",
    { class: "rounds" },
    record.rounds
      .slice()
      .reverse()
      .map((round) =>
        h(
          "section",
          { class: "record-round", dataset: { round: round.round } },
          h("h3", {}, `${t("round", { n: round.round, of: view.rounds })} · ${t("fee", { n: round.fee })}`),
          h("ul", { class: "moves" }, round.moves.filter((move) => move.kind !== "fee").map((move) => line(move, view, me))),
          round.award && h("p", { class: "award" }, round.award.seats.map((seat) => `${seatName(view.seats[seat], me)}: ${moveText({ kind: "pot", amount: round.award.amount })}`).join(" · ")),
        ),
      ),
  );
}
