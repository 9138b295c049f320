/**
 * Team settings: members, invites (the link shown once and e-mailed), roles, removal, and the
 * team's two-factor policy.
 *
 * @module
 */

import {
  type AuthenticatedSession,
  InvalidInputError,
  type Invite,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
  memberCan,
  type Team,
  UnprocessableError,
} from "@marketplace/core";
import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../kit.tsx";
import { durationWords } from "../ui/duration.ts";
import {
  EMPTY_FORM,
  Field,
  FormError,
  type FormState,
  fieldErrors,
  ROLE_LABELS,
  RoleSelect,
  ShownOnce,
} from "../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../ui/layout.tsx";
import { Table } from "../ui/table.tsx";

/** Registers `/teams/:teamId/members`, invites, role changes and removal. */
export function registerMembers(app: DashboardApp, kit: Kit): void {
  // Members
  const membersPage = async (
    c: Context<Env>,
    extra: {
      form?: FormState;
      shownInvite?: ShownInvite;
      notice?: string;
    } = {},
    status: 200 | 400 | 422 = 200,
  ) => {
    const team = kit.teamOf(c);
    const me = (c.get("auth") as AuthenticatedSession).member;
    const [members, invites, twoFactorOn, policy] = await Promise.all([
      kit.marketplace.members.list(team.id, kit.caller(c)),
      me.role === "owner" ? kit.marketplace.members.listInvites(team.id, kit.caller(c)) : Promise.resolve(null),
      kit.marketplace.twoFactor.enabledMembers(team.id, kit.caller(c)),
      kit.marketplace.twoFactor.teamPolicy(team.id, kit.caller(c)),
    ]);
    return kit.render(
      c,
      <MembersPage
        ctx={kit.pageContext(c)}
        members={members}
        invites={invites}
        form={extra.form ?? EMPTY_FORM}
        shownInvite={extra.shownInvite}
        twoFactorOn={twoFactorOn}
        requireTwoFactor={policy.requireTwoFactor}
        notice={extra.notice}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/members", (c) => membersPage(c));

  app.post("/teams/:teamId/invites", async (c) => {
    const values = await kit.form(c);
    const role = values.role as MemberRole;
    try {
      const team = kit.teamOf(c);
      const { token, invite } = await kit.marketplace.members.invite(
        team.id,
        { email: values.email ?? "", role },
        kit.caller(c),
      );
      const inviteUrl = `${kit.publicOrigin(c)}${kit.base}/invite/${token}`;
      const validFor = lifetimeWords(invite.expiresAt.getTime() - invite.createdAt.getTime());
      kit.sendMail({ to: invite.email, ...inviteMail(team.name, invite.role, inviteUrl, validFor) }, "invite");
      return membersPage(c, { shownInvite: { url: inviteUrl, validFor, mailed: true } });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return membersPage(c, { form: { values, errors: fieldErrors(error.problems) } }, 400);
      }
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values, errors: { email: `${error.message}.` } } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/two-factor-policy", async (c) => {
    const values = await kit.form(c);
    const required = values.require === "on";
    await kit.marketplace.twoFactor.setTeamPolicy(kit.teamOf(c).id, required, kit.caller(c));
    return membersPage(c, {
      notice: required
        ? "Two-factor sign-in is now required: members without it are sent to set it up at their next page."
        : "Two-factor sign-in is now optional for the members of this team.",
    });
  });

  app.post("/teams/:teamId/invites/:inviteId/revoke", async (c) => {
    await kit.marketplace.members.revokeInvite(kit.teamOf(c).id, c.req.param("inviteId"), kit.caller(c));
    return membersPage(c, { notice: "The invite is withdrawn: its link no longer works." });
  });

  app.post("/teams/:teamId/members/:memberId/role", async (c) => {
    const values = await kit.form(c);
    const role = values.role ?? "";
    if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
      return membersPage(
        c,
        { form: { values: {}, errors: {}, formError: "Choose one of the roles in the list." } },
        400,
      );
    }
    try {
      const member = await kit.marketplace.members.changeRole(
        kit.teamOf(c).id,
        c.req.param("memberId"),
        role as MemberRole,
        kit.caller(c),
      );
      return membersPage(c, { notice: `${member.email} is now ${role}.` });
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/members/:memberId/remove", async (c) => {
    const me = (c.get("auth") as AuthenticatedSession).member;
    const memberId = c.req.param("memberId");
    try {
      await kit.marketplace.members.remove(kit.teamOf(c).id, memberId, kit.caller(c));
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
    if (memberId === me.id) {
      deleteCookie(c, kit.sessionCookie, kit.cookieOptions());
      return c.redirect(`${kit.base}/sign-in`, 303);
    }
    return membersPage(c, { notice: "The member is removed and signed out everywhere." });
  });
}

/**
 * How long a link works, in words: hours from two hours up (`72 hours`, the default invite), else
 * minutes. From the invite's own times, so a configured `inviteTtlMs` is what the person reads.
 */
export function lifetimeWords(ms: number): string {
  return durationWords(ms, "hours");
}

/** The invite e-mail's text. */
export function inviteMail(
  teamName: string,
  role: MemberRole,
  link: string,
  validFor: string,
): { subject: string; text: string } {
  return {
    subject: `You are invited to ${teamName} on Marketplace`,
    text: `You are invited to join ${teamName} on the Marketplace dashboard as ${ROLE_LABELS[role]}.\n\nOpen this link to choose your password (it works once, for ${validFor}):\n\n${link}\n\nIf you did not expect this, ignore this e-mail.\n`,
  };
}

/** A new invite's link, shown once: how long it works (`lifetimeWords`) and whether it was e-mailed. */
export interface ShownInvite {
  url: string;
  validFor: string;
  mailed: boolean;
}

/** Team settings: members and invites. */
export function MembersPage(props: {
  ctx: PageContext;
  members: Member[];
  invites: Invite[] | null;
  form: FormState;
  shownInvite?: ShownInvite | undefined;
  twoFactorOn: Set<string>;
  requireTwoFactor: boolean;
  notice?: string;
}) {
  const { ctx, form } = props;
  const team = ctx.team as Team;
  const me = ctx.member as Member;
  const canManage = memberCan(me.role, "manage_members");
  const teamBase = `${ctx.base}/teams/${team.id}`;
  return (
    <Layout ctx={ctx} title="Members" current="members">
      <h1>Members</h1>
      {props.shownInvite ? (
        <ShownOnce id="invite-link" title="Invite link" secret={props.shownInvite.url}>
          <p>
            {props.shownInvite.mailed
              ? "It was e-mailed to the person you invited; you may also send it yourself. "
              : null}
            It works once, for {props.shownInvite.validFor}. <strong>It is not shown again.</strong>
          </p>
        </ShownOnce>
      ) : null}
      <Notice text={props.notice} />
      <FormError form={form} />
      <Table
        caption="People who can sign in to this team"
        headers={["E-mail", "Role", "Two-factor", "Joined", canManage ? "Actions" : null]}
      >
        {props.members.map((member) => (
          <tr>
            <td>
              {member.email}
              {member.id === me.id ? <span class="muted"> (you)</span> : null}
            </td>
            <td>{ROLE_LABELS[member.role]}</td>
            <td>{props.twoFactorOn.has(member.id) ? "On" : "Off"}</td>
            <td>
              <When at={member.createdAt} />
            </td>
            {canManage ? (
              <td>
                <form method="post" action={`${teamBase}/members/${member.id}/role`} class="inline">
                  <RoleSelect
                    id={`role-${member.id}`}
                    name="role"
                    selected={member.role}
                    label={`Role of ${member.email}`}
                  />
                  <button type="submit" class="secondary" aria-label={`Change role of ${member.email}`}>
                    Change role
                  </button>
                </form>
                <form
                  method="post"
                  action={`${teamBase}/members/${member.id}/remove`}
                  class="inline"
                  data-confirm={`Remove ${member.email} from the team? They are signed out at once.`}
                >
                  <button type="submit" class="danger" aria-label={`Remove ${member.email}`}>
                    Remove
                  </button>
                </form>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {canManage ? (
        <>
          <h2>Security policy</h2>
          <form method="post" action={`${teamBase}/two-factor-policy`} class="policy">
            <label for="require-two-factor">
              <input type="checkbox" id="require-two-factor" name="require" checked={props.requireTwoFactor} />
              Require two-factor sign-in for every member
            </label>
            <button type="submit" class="secondary">
              Save policy
            </button>
          </form>
          <p class="hint">
            Members without it are sent to set it up after signing in, and can reach nothing else until they do.
          </p>
          <h2>Invite someone</h2>
          <form method="post" action={`${teamBase}/invites`} class="stack" novalidate>
            <Field form={form} name="email" label="E-mail address" type="email" autocomplete="off" />
            <div class="field">
              <label for="invite-role">Role</label>
              <RoleSelect id="invite-role" name="role" selected={form.values.role ?? "developer"} />
            </div>
            <div>
              <button type="submit">Create invite link</button>
            </div>
          </form>
          {props.invites && props.invites.length > 0 ? (
            <>
              <h2>Open invites</h2>
              <Table caption="Invites not used yet" headers={["E-mail", "Role", "Invited by", "Expires", "Actions"]}>
                {props.invites.map((invite) => (
                  <tr>
                    <td>{invite.email}</td>
                    <td>{ROLE_LABELS[invite.role]}</td>
                    <td>{invite.invitedBy}</td>
                    <td>
                      <When at={invite.expiresAt} />
                    </td>
                    <td>
                      <form method="post" action={`${teamBase}/invites/${invite.id}/revoke`} class="inline">
                        <button type="submit" class="danger" aria-label={`Withdraw the invite of ${invite.email}`}>
                          Withdraw
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </Table>
            </>
          ) : null}
        </>
      ) : null}
    </Layout>
  );
}
