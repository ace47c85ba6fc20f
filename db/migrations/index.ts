/**
 * Static migration list: the server is bundled, so Kysely's FileMigrationProvider cannot read this
 * folder at run time. Add each new migration here, named so that names sort in order.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial";
import * as shopMapPosition from "./0002-shop-map-position";
import * as basketKeepsDeletedPieces from "./0003-basket-keeps-deleted-pieces";
import * as settingsHoursAndOrderDetails from "./0004-settings-hours-and-order-details";
import * as rateLimits from "./0005-rate-limits";
import * as configuredAdmin from "./0006-configured-admin";
import * as writeOrderOnPostgres from "./0007-write-order-on-postgres";
import * as imageFiles from "./0008-image-files";
import * as orders from "./0009-orders";
import * as privacy from "./0010-privacy";
import * as search from "./0011-search";
import * as mailOutbox from "./0012-mail-outbox";
import * as orderConfirmation from "./0013-order-confirmation";
import * as priceOnRequestLines from "./0014-price-on-request-lines";
import * as productSafety from "./0015-product-safety";
import * as invoices from "./0016-invoices";
import * as withdrawals from "./0017-withdrawals";
import * as delivery from "./0018-delivery";
import * as cgvVersions from "./0019-cgv-versions";
import * as guestBaskets from "./0020-guest-baskets";
import * as newPieceAlerts from "./0021-new-piece-alerts";
import * as statistics from "./0022-statistics";

const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-shop-map-position": shopMapPosition,
  "0003-basket-keeps-deleted-pieces": basketKeepsDeletedPieces,
  "0004-settings-hours-and-order-details": settingsHoursAndOrderDetails,
  "0005-rate-limits": rateLimits,
  "0006-configured-admin": configuredAdmin,
  "0007-write-order-on-postgres": writeOrderOnPostgres,
  "0008-image-files": imageFiles,
  "0009-orders": orders,
  "0010-privacy": privacy,
  "0011-search": search,
  "0012-mail-outbox": mailOutbox,
  "0013-order-confirmation": orderConfirmation,
  "0014-price-on-request-lines": priceOnRequestLines,
  "0015-product-safety": productSafety,
  "0016-invoices": invoices,
  "0017-withdrawals": withdrawals,
  "0018-delivery": delivery,
  "0019-cgv-versions": cgvVersions,
  "0020-guest-baskets": guestBaskets,
  "0022-statistics": statistics,
  "0021-new-piece-alerts": newPieceAlerts,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
