import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, ORDER_ITEM_STATUSES, SERVICE_TYPES } from "@marketplace/core";
import {
  ANALYTICS_GRANULARITIES,
  ANALYTICS_TRAINING,
  MAX_ANALYTICS_DAYS,
  TOP_OFFERS,
} from "@marketplace/core/analytics";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, json, security, Timestamp } from "../schemas.ts";
import { validationHook } from "../validation.ts";

const Money = z.string().openapi({ example: "1499.70" });
const Rate = z.number().nullable().openapi({ example: 0.8125, description: "4 decimals; null when the divisor is 0" });
const CalendarDate = z.string().openapi({ example: "2026-03-01" });

const windowQuery = {
  from: z.string().optional().openapi({
    description: "First calendar day (YYYY-MM-DD) of the range, in `timeZone`; required",
    example: "2026-01-01",
  }),
  to: z
    .string()
    .optional()
    .openapi({
      description: `Last calendar day (inclusive); required; at most ${MAX_ANALYTICS_DAYS} days after from, counted inclusive`,
      example: "2026-12-31",
    }),
  timeZone: z.string().optional().openapi({
    description: "IANA time zone that decides what a day is (DST included); default UTC",
    example: "America/New_York",
  }),
  granularity: z.enum(ANALYTICS_GRANULARITIES).optional().openapi({
    description: "Length of the series' periods: day, ISO week (Monday to Sunday) or calendar month; default day",
  }),
  training: z
    .enum(ANALYTICS_TRAINING)
    .optional()
    .openapi({
      description:
        "`exclude` (default): live orders only, training orders never counted. `only`: the training view, " +
        "the same figures over training orders alone (deleted orders still excluded; clicks, being live " +
        "traffic, are 0), so a team can see that its training works without polluting the live figures",
    }),
};

const Uuid = (description: string) => z.string().optional().openapi({ description, format: "uuid" });

const ProviderQuery = z.strictObject({
  ...windowQuery,
  offer: Uuid("Only items of this offer"),
  brand: Uuid("Only items of offers that have this brand now"),
  market: Uuid("Only items of offers linked to this market now"),
  serviceType: z.enum(SERVICE_TYPES).optional().openapi({ description: "Only items of this service type" }),
});

const ResellerQuery = z.strictObject({
  ...windowQuery,
  storefront: Uuid("Only orders placed through this storefront (and its clicks)"),
  link: Uuid("Only orders placed through this shareable link (and its clicks)"),
  provider: Uuid("Only items (and orders, clicks) of this provider team"),
});

const header = {
  from: CalendarDate,
  to: CalendarDate,
  timeZone: z.string().openapi({ example: "America/New_York" }),
  granularity: z.enum(ANALYTICS_GRANULARITIES),
  training: z.enum(ANALYTICS_TRAINING).openapi({ description: "Which orders are counted (see the parameter)" }),
  excluded: z.array(z.string()).openapi({
    description:
      "What is not counted: training orders and orders deleted by their reseller; in the training view " +
      "live orders, deleted orders and clicks",
    example: ["trainingOrders", "deletedOrders"],
  }),
  asOf: Timestamp.openapi({ description: "The figures include every change committed before this instant" }),
};

const ProviderFigures = {
  itemsReceived: z.number().int(),
  itemsAccepted: z.number().int().openapi({ description: "Items that were accepted (then scheduled, completed…)" }),
  itemsRejected: z.number().int(),
  itemsCompleted: z.number().int(),
  itemsCancelled: z.number().int(),
  acceptanceRate: Rate,
  totalMonthlyAccepted: Money.openapi({ description: "Monthly prices of accepted items (handoff items excluded)" }),
  commissionAccrued: Money.openapi({ description: "Commission accrued on accepted items" }),
};

const period = { start: CalendarDate, end: CalendarDate.openapi({ description: "Inclusive" }) };

const ProviderAnalyticsSchema = z
  .object({
    ...header,
    filters: z.object({
      offer: z.string().nullable(),
      brand: z.string().nullable(),
      market: z.string().nullable(),
      serviceType: z.string().nullable(),
    }),
    totals: z.object({
      ...ProviderFigures,
      timeToAccept: z
        .object({
          accepted: z.number().int(),
          medianSeconds: z.number().int().nullable(),
          p90Seconds: z.number().int().nullable(),
        })
        .openapi({
          description:
            "From the order's placement to the item's acceptance; nearest-rank median and p90, exact at the " +
            "resolution of whole minutes under an hour, quarter hours under a day, hours under 30 days, then " +
            "'30 days or more' (2592000); each value is its step's lower bound",
        }),
    }),
    series: z.array(z.object({ ...period, ...ProviderFigures })),
    topOffers: z
      .array(z.object({ offerId: z.string(), offerName: z.string().nullable(), ...ProviderFigures }))
      .openapi({ description: `At most ${TOP_OFFERS} offers, most accepted items first` }),
  })
  .openapi("ProviderAnalytics");

const ResellerFigures = {
  ordersPlaced: z.number().int(),
  itemsByStatus: z.object(Object.fromEntries(ORDER_ITEM_STATUSES.map((status) => [status, z.number().int()]))),
  totalMonthlyOrdered: Money.openapi({ description: "As the orders' totalMonthly: handoff items excluded" }),
  totalMonthlyAccepted: Money,
  commissionEarned: Money,
};

const Conversion = {
  clicks: z.number().int(),
  orders: z.number().int(),
  conversion: Rate.openapi({ description: "orders ÷ clicks, 4 decimals; null without clicks" }),
};

const ResellerAnalyticsSchema = z
  .object({
    ...header,
    filters: z.object({
      storefront: z.string().nullable(),
      link: z.string().nullable(),
      provider: z.string().nullable(),
    }),
    totals: z.object({ ...ResellerFigures, clicks: z.number().int() }),
    series: z.array(z.object({ ...period, ...ResellerFigures })),
    storefronts: z.array(z.object({ storefrontId: z.string(), slug: z.string(), ...Conversion })),
    links: z.array(z.object({ linkId: z.string(), slug: z.string(), name: z.string().nullable(), ...Conversion })),
  })
  .openapi("ResellerAnalytics");

const common =
  "Figures come from rollups kept with every order write, never from a scan of the orders. Each item and " +
  "order counts in the period (in `timeZone`) in which its order was placed, with its status now. " +
  "**Excluded: training orders and orders deleted by their reseller**, as `excluded` says; " +
  "`training=only` gives the training orders' own figures instead. " +
  "400 for an unknown parameter, a missing or malformed date, `to` before `from`, a range over " +
  `${MAX_ANALYTICS_DAYS} days, an unknown time zone, granularity or filter value.`;

const providerAnalytics = createRoute({
  method: "get",
  path: "/analytics",
  tags: ["Provider analytics"],
  security,
  summary: "Items received, accepted, rejected, completed and cancelled; acceptance, time to accept, money",
  description:
    `${common} Filters (AND): offer, brand and market (as the offer has them now), serviceType. ` +
    "Commission is accrued on accepted items; the totals' timeToAccept covers the whole range.",
  request: { query: ProviderQuery },
  responses: {
    200: {
      description: "The figures: totals, a series by period and the top offers",
      content: json(ProviderAnalyticsSchema),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const resellerAnalytics = createRoute({
  method: "get",
  path: "/analytics",
  tags: ["Reseller analytics"],
  security,
  summary: "Orders placed, items by status, money, and conversion per storefront and link",
  description:
    `${common} Filters (AND): storefront, link, provider (team id). Clicks are the public outbound clicks; ` +
    "conversion is orders ÷ clicks per storefront and link.",
  request: { query: ResellerQuery },
  responses: {
    200: {
      description: "The figures: totals, a series by period, storefronts and links",
      content: json(ResellerAnalyticsSchema),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

/** `GET /provider/analytics`. */
export function providerAnalyticsRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(providerAnalytics, async (c) =>
    c.json(await marketplace.analytics.provider(c.get("principal"), c.req.valid("query")), 200),
  );
  return app;
}

/** `GET /reseller/analytics`. */
export function resellerAnalyticsRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(resellerAnalytics, async (c) =>
    c.json(await marketplace.analytics.reseller(c.get("principal"), c.req.valid("query")), 200),
  );
  return app;
}
