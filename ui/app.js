// Atout's window: the secretary's, the table scorer's and the jury's screens.
// All data comes from the application through `call` (api.js). The state, drawing,
// messages, the keyboard and startup are the shell's (shell.js); each screen is a
// module of screens/ (its `view`), the sheet view is sheet.js, and each game's entry
// panel is games/<game>.js. This module hands the screens to the shell and starts.
import { setScreens, listen, start } from "./shell.js";
import { undoMine } from "./sheet.js";
import * as players from "./screens/players.js";
import * as tournaments from "./screens/tournaments.js";
import * as rounds from "./screens/rounds.js";
import * as standings from "./screens/standings.js";
import * as season from "./screens/season.js";
import * as projector from "./screens/projector.js";
import * as scorer from "./screens/scorer.js";
import * as jury from "./screens/jury.js";
import * as backups from "./screens/backups.js";
import * as recover from "./screens/recover.js";
import * as who from "./screens/who.js";
import * as log from "./screens/log.js";
import * as about from "./screens/about.js";
import { openCalculator } from "./screens/calculator.js";
import { watchDevices } from "./screens/devices.js";

setScreens({ players, tournaments, rounds, standings, season, projector, scorer, jury, backups, recover, who, log, about });
listen({ calculator: openCalculator, undo: undoMine });
projector.watch();
watchDevices();
start();
