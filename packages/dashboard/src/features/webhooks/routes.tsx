/**
 * The webhooks portal's routes (issue 29): endpoints and their actions here, the delivery log in
 * `delivery-routes.tsx`. Every read and command is the core's `webhookPortal` (the API's rules, the
 * role check, the audit log); nothing here touches the database.
 *
 * @module
 */

import { ConflictError, type EventType, InvalidInputError } from "@marketplace/core";
import { eventPayloadSchema, exampleOf } from "@marketplace/core/event-payloads";
import type {
  RecoveryProgress,
  WebhookAttemptFeed,
  WebhookRecovery,
  WebhookUrlPolicy,
} from "@marketplace/core/webhooks";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { EMPTY_FORM, type FormState, fieldErrors } from "../../ui/form.tsx";
import { registerEventCatalog } from "./catalog.tsx";
import { registerDeliveries } from "./delivery-routes.tsx";
import { EndpointPage, EndpointsPage, type ShownSecret } from "./endpoint-pages.tsx";
import { maySeeSecrets } from "./portal.tsx";
import { RecoveryPage } from "./recovery-pages.tsx";
import { type RevealState, registerSecretReveal } from "./secret-reveal.tsx";

const SECRET_HIDDEN = "The secret was issued, but this session may not see secrets.";

/** Options of the webhooks pages. */
export interface WebhookPageOptions {
  /** The API's URL policy for webhook URLs (loopback http in development). */
  urlPolicy?: WebhookUrlPolicy;
  /** New attempts as they are recorded (the deliveries page's live tail); none: no live tail. */
  attempts?: WebhookAttemptFeed;
}

/** The checked event types of a posted form (repeated `events` fields). */
async function postedEvents(c: Context<Env>): Promise<string[]> {
  const body = await c.req.parseBody({ all: true });
  const events = body.events;
  if (events === undefined) return [];
  return (Array.isArray(events) ? events : [events]).filter((value): value is string => typeof value === "string");
}

/** A form's problems from the API's rules; `events.1 must …` reads as a problem of the events. */
function problemsToForm(values: Record<string, string>, problems: readonly string[]): FormState {
  const errors = fieldErrors(problems);
  if (errors.events) errors.events = "Choose one or more of the listed events.";
  const known = ["url", "events", "since", "until", "overlapSeconds"];
  const other = Object.entries(errors).find(([field]) => !known.includes(field));
  return { values, errors, ...(other && { formError: other[1] }) };
}

/** Registers `/teams/:teamId/webhooks…`. */
export function registerWebhooks(app: DashboardApp, kit: Kit, options: WebhookPageOptions = {}): void {
  const portal = kit.marketplace.webhookPortal;
  const policy = options.urlPolicy ?? {};
  const team = (c: Context<Env>) => kit.teamOf(c).id;

  const listPage = async (
    c: Context<Env>,
    extra: {
      form?: FormState;
      checked?: string[];
      created?: Parameters<typeof EndpointsPage>[0]["created"];
      notice?: string;
    } = {},
    status: PageStatus = 200,
  ) => {
    const [endpoints, types] = await Promise.all([
      portal.endpoints(team(c), kit.caller(c)),
      portal.eventTypes(team(c), kit.caller(c)),
    ]);
    return kit.render(
      c,
      <EndpointsPage
        ctx={kit.pageContext(c)}
        endpoints={endpoints}
        types={types.subscribable}
        form={extra.form ?? EMPTY_FORM}
        checked={extra.checked ?? []}
        created={extra.created}
        notice={extra.notice}
      />,
      status,
    );
  };

  const endpointPage = async (
    c: Context<Env>,
    extra: {
      form?: FormState;
      shown?: ShownSecret;
      notice?: string;
      recovery?: WebhookRecovery;
      reveal?: RevealState;
    } = {},
    status: PageStatus = 200,
  ) => {
    const id = c.req.param("webhookId") ?? "";
    const [webhook, types, progress] = await Promise.all([
      portal.endpoint(team(c), id, kit.caller(c)),
      portal.eventTypes(team(c), kit.caller(c)),
      portal.recoveryProgress(team(c), id, kit.caller(c)).catch((): RecoveryProgress | null => null),
    ]);
    return kit.render(
      c,
      <EndpointPage
        ctx={kit.pageContext(c)}
        webhook={webhook}
        types={types.subscribable}
        form={extra.form ?? EMPTY_FORM}
        shown={extra.shown}
        notice={extra.notice}
        recovery={extra.recovery}
        reveal={extra.reveal}
        progress={progress}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/webhooks", (c) => listPage(c));

  app.post("/teams/:teamId/webhooks", async (c) => {
    const values = await kit.form(c);
    const events = await postedEvents(c);
    const scheme = values.signatureScheme === "standard" ? "standard" : "service";
    try {
      const webhook = await portal.create(
        team(c),
        { url: values.url ?? "", events, signatureScheme: scheme },
        kit.caller(c),
        policy,
      );
      // The secret is in this response's body only: never in a URL, a redirect or a log line.
      if (!maySeeSecrets(c)) return listPage(c, { notice: `Endpoint ${webhook.url} is registered. ${SECRET_HIDDEN}` });
      return listPage(c, {
        created: { webhook, shown: { secret: webhook.secret, rotated: false, previousUntil: null } },
      });
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      return listPage(c, { form: problemsToForm(values, error.problems), checked: events }, 400);
    }
  });

  registerDeliveries(app, kit, options.attempts);
  registerEventCatalog(app, kit);

  app.get("/teams/:teamId/webhooks/:webhookId", (c) => endpointPage(c));
  registerSecretReveal(app, kit, endpointPage);

  app.post("/teams/:teamId/webhooks/:webhookId", async (c) => {
    const values = await kit.form(c);
    const events = await postedEvents(c);
    try {
      await portal.update(team(c), c.req.param("webhookId"), { url: values.url ?? "", events }, kit.caller(c), policy);
      return endpointPage(c, { notice: "The endpoint is saved." });
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      const form = problemsToForm({ ...values, events: events.join(",") }, error.problems);
      return endpointPage(c, { form }, 400);
    }
  });

  const toggle = (isActive: boolean, notice: string) => async (c: Context<Env>) => {
    await portal.update(team(c), c.req.param("webhookId") ?? "", { isActive }, kit.caller(c), policy);
    return endpointPage(c, { notice });
  };
  app.post("/teams/:teamId/webhooks/:webhookId/pause", toggle(false, "The endpoint is paused: it receives nothing."));
  app.post("/teams/:teamId/webhooks/:webhookId/resume", toggle(true, "The endpoint is active again."));

  app.post("/teams/:teamId/webhooks/:webhookId/delete", async (c) => {
    const webhook = await portal.endpoint(team(c), c.req.param("webhookId"), kit.caller(c));
    await portal.delete(team(c), webhook.id, kit.caller(c));
    return kit.render(
      c,
      <EndpointsPage
        ctx={kit.pageContext(c)}
        endpoints={await portal.endpoints(team(c), kit.caller(c))}
        types={(await portal.eventTypes(team(c), kit.caller(c))).subscribable}
        form={EMPTY_FORM}
        checked={[]}
        notice={`The endpoint ${webhook.url} is deleted.`}
      />,
    );
  });

  app.post("/teams/:teamId/webhooks/:webhookId/rotate", async (c) => {
    const values = await kit.form(c);
    const overlapSeconds = Number(values.overlapSeconds ?? "86400");
    try {
      const rotated = await portal.rotateSecret(team(c), c.req.param("webhookId"), { overlapSeconds }, kit.caller(c));
      const until = rotated.previousSecretExpiresAt;
      const shown = {
        secret: rotated.secret,
        rotated: true,
        previousUntil: until && until > new Date() ? until : null,
      };
      if (!maySeeSecrets(c)) return endpointPage(c, { notice: `The secret is rotated. ${SECRET_HIDDEN}` });
      return endpointPage(c, { shown });
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      return endpointPage(
        c,
        { form: { values: {}, errors: {}, formError: "Choose one of the offered overlaps." } },
        400,
      );
    }
  });

  app.post("/teams/:teamId/webhooks/:webhookId/test", async (c) => {
    const type = (await kit.form(c)).eventType ?? "";
    const { subscribable } = await portal.eventTypes(team(c), kit.caller(c));
    if (type !== "" && !subscribable.includes(type)) {
      const formError = `Choose a test event from the list: ${subscribable.join(", ")}.`;
      return endpointPage(c, { form: { values: {}, errors: {}, formError } }, 400);
    }
    // Any type: an example payload built from the type's schema (the one the API reference shows).
    const sample =
      type === ""
        ? undefined
        : { eventType: type, data: exampleOf(eventPayloadSchema(type as EventType)) as Record<string, unknown> };
    const queued = await portal.sendTest(team(c), c.req.param("webhookId"), kit.caller(c), sample);
    return endpointPage(c, { notice: `A test ${queued.eventType} event (${queued.eventId}) is on its way.` });
  });

  app.post("/teams/:teamId/webhooks/:webhookId/recover", async (c) => {
    const values = await kit.form(c);
    const raw = (values.since ?? "").trim();
    // A datetime-local (no zone) is UTC, as every time in the dashboard; the API wants the full ISO form.
    const at = raw === "" ? null : new Date(/(Z|[+-]\d\d:\d\d)$/.test(raw) ? raw : `${raw}Z`);
    const since = at === null ? "" : Number.isNaN(at.getTime()) ? raw : at.toISOString();
    const dryRun = values.dryRun === "true";
    const input = {
      since: since === "" ? undefined : since,
      dryRun,
      ...(values.until && { until: values.until }),
    };
    try {
      const recovery = await portal.recover(team(c), c.req.param("webhookId"), input, kit.caller(c));
      if (dryRun) return endpointPage(c, { recovery });
      if (recovery.count === 0) return endpointPage(c, { notice: "No event needed sending again." });
      return c.redirect(kit.teamPath(kit.teamOf(c), `/webhooks/${c.req.param("webhookId")}/recovery`), 303);
    } catch (error) {
      if (ConflictError.isInstance(error)) {
        const formError = "A recovery of this endpoint is still running: wait until it is done.";
        return endpointPage(c, { form: { values: { since: raw }, errors: {}, formError } }, 409);
      }
      if (!InvalidInputError.isInstance(error)) throw error;
      const form = problemsToForm({ since: raw }, error.problems);
      if (!form.errors.since && form.errors.until) form.errors.since = form.errors.until;
      return endpointPage(c, { form }, 400);
    }
  });

  app.get("/teams/:teamId/webhooks/:webhookId/recovery", async (c) => {
    const id = c.req.param("webhookId");
    const webhook = await portal.endpoint(team(c), id, kit.caller(c));
    const progress = await portal.recoveryProgress(team(c), id, kit.caller(c));
    return kit.render(c, <RecoveryPage ctx={kit.pageContext(c)} webhook={webhook} progress={progress} />);
  });
}
