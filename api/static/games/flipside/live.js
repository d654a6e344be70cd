// Other seats' exchanges as they happen: a line in the ticker and a glow on the seat, one
// after another so that a burst of computer moves can still be followed.

import { t } from "./i18n.js";
import { seatName } from "./ui/table.js";

let tickerFree = 0;

// The scene of a round's table in one phase (screen.js names every scene it draws).
export function tableScene(round, phase) {
  return `table:${round}:${phase}`;
}

// exchange: a CardsExchanged event's data; host: the shell (../../games.js).
export function announce(exchange, host) {
  // The first line waits a moment: the move that caused the burst may still be answering.
  const start = Math.max(Date.now() + 300, tickerFree);
  tickerFree = start + 700;
  setTimeout(() => {
    // Only while that round's exchange is on screen: once the orientation, a showdown or
    // another round is shown, the news is old (the seat's count already says it).
    const { view, me, local } = host.current();
    if (local.scene !== tableScene(exchange.round, "exchange")) {
      tickerFree = 0;
      return;
    }
    host.say(
      t("exchanged", {
        name: seatName(view.seats[exchange.seat], me),
        n: exchange.discarded.length,
      }),
    );
    local.fresh.add(exchange.seat);
    host.redraw();
    setTimeout(() => {
      if (local.fresh.delete(exchange.seat)) host.redraw();
    }, 1200);
  }, start - Date.now());
}
