/**
 * A team's first steps, for the dashboard's home page: whether it has registered a webhook,
 * published an offer (provider), set up its storefront or placed an order (reseller). One cheap
 * read (existence checks that stop at the first row, on indexes).
 *
 * @module
 */

import { NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { authorizeCaller, type Caller } from "./caller.ts";
import type { TeamProgress } from "./ports.ts";

/** A team's first steps. */
export interface OnboardingUseCases {
  /** What the team has done so far; another team's id is a NotFoundError for a member. */
  progress(teamId: string, caller: Caller): Promise<TeamProgress>;
}

export function onboardingUseCases(ctx: UseCaseContext<"onboarding">): OnboardingUseCases {
  return {
    async progress(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return ctx.unitOfWork.repositories.onboarding.progress(teamId);
    },
  };
}
