/**
 * A team's home page: what to do next.
 *
 * @module
 */

import { type Member, memberCan, type Team } from "@marketplace/core";
import type { TeamProgress } from "@marketplace/core/members";
import type { Child } from "hono/jsx";
import type { DashboardApp, Kit } from "../kit.tsx";
import { ROLE_HINTS, ROLE_LABELS } from "../ui/form.tsx";
import { Layout, type PageContext } from "../ui/layout.tsx";

/** Registers the home page, `/teams/:teamId`. */
export function registerHome(app: DashboardApp, kit: Kit): void {
  app.get("/teams/:teamId", async (c) => {
    const team = kit.teamOf(c);
    const now = new Date();
    const [keys, members, progress] = await Promise.all([
      kit.marketplace.apiKeys.list(team.id, kit.caller(c)),
      kit.marketplace.members.list(team.id, kit.caller(c)),
      kit.marketplace.onboarding.progress(team.id, kit.caller(c)),
    ]);
    const activeKeys = keys.filter((key) => !key.revokedAt && !(key.expiresAt && key.expiresAt <= now)).length;
    return kit.render(
      c,
      <HomePage
        ctx={kit.pageContext(c)}
        facts={{ activeKeys, members: members.length, ...progress }}
        apiDocsUrl={kit.apiDocsUrl}
      />,
    );
  });
}

/** What the home page knows of the team's progress. */
export interface HomeFacts extends TeamProgress {
  activeKeys: number;
  members: number;
}

/** A team's home: what to do next. */
export function HomePage(props: { ctx: PageContext; facts: HomeFacts; apiDocsUrl: string }) {
  const { ctx, facts } = props;
  const team = ctx.team as Team;
  const member = ctx.member as Member;
  const teamBase = `${ctx.base}/teams/${team.id}`;
  const kind = team.role === "hybrid" ? "provider and reseller" : team.role;
  const steps: { done: boolean; body: Child }[] = [
    {
      done: facts.activeKeys > 0,
      body: (
        <>
          <a href={`${teamBase}/api-keys`}>Create an API key</a> for your systems to call the API.
        </>
      ),
    },
    {
      done: facts.webhook,
      body: (
        <>
          Register a webhook to hear of orders and changes (
          <code>POST /{team.role === "reseller" ? "reseller" : "provider"}/webhooks</code> in the{" "}
          <a href={props.apiDocsUrl}>API reference</a>).
        </>
      ),
    },
  ];
  if (team.role !== "reseller") {
    steps.push({
      done: facts.publishedOffer,
      body: (
        <>
          Publish an offer: create it with <code>POST /provider/offers</code>, then publish it, so resellers see it in
          the catalog.
        </>
      ),
    });
  }
  if (team.role !== "provider") {
    steps.push({
      done: facts.storefront,
      body: (
        <>
          Set up your storefront (<code>PUT /reseller/storefront</code>) and share offers of the catalog (
          <code>GET /reseller/catalog</code>) through its links.
        </>
      ),
    });
    steps.push({
      done: facts.order,
      body: (
        <>
          Place your first order (<code>POST /reseller/orders</code>); a training order is fine to start with.
        </>
      ),
    });
  }
  if (memberCan(member.role, "manage_members")) {
    steps.push({
      done: facts.members > 1,
      body: (
        <>
          <a href={`${teamBase}/members`}>Invite your colleagues</a>, each with the role they need.
        </>
      ),
    });
  }
  return (
    <Layout ctx={ctx} title="Home" current="home">
      <h1>{team.name}</h1>
      <p class="muted">
        A {kind} team. You are signed in as {ROLE_LABELS[member.role]} ({ROLE_HINTS[member.role]}).
      </p>
      <h2>What to do next</h2>
      <ol class="steps">
        {steps.map((step) => (
          <li>
            {step.done ? <span class="done">Done: </span> : null}
            {step.body}
          </li>
        ))}
      </ol>
    </Layout>
  );
}
