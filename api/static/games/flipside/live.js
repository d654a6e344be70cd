// Other seats' exchanges as they happen: a line in the ticker and a glow on the seat, one
// after another so that a burst of computer moves can still be followed.

import { t } from "./i18n.js";
import { seatName } from "./ui/table.js";

let tickerFree = 0;

// exchange: a CardsExchanged event's data; host: the shell (../../games.js).
export function announce(exchange, host) {
  // The first line waits a moment: the move that caused the burst may still be answering.
  const start = Math.max(Date.now() + 300, tickerFree);
  tickerFree = start + 700;
  setTimeout(() => {
    // Only while the table is on screen, and not once the round is over: computer seats play
    // on by themselves after the player is out, a whole round in one burst.
    if (!document.querySelector("#app .table")) return;
    const { view, record, me, local } = host.current();
    if (record.some((round) => round.round >= exchange.round && round.ended)) return;
    host.say(
      t("exchanged", {
        name: seatName(view.seats[exchange.seat], me),
        n: exchange.discarded.length,
      }),
    );
    local.fresh.add(exchange.seat);
    host.redraw();
    setTimeout(() => {
      local.fresh.delete(exchange.seat);
      host.redraw();
    }, 1200);
  }, start - Date.now());
}
