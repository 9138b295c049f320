import type { Clock, IdGenerator, Logger, UnitOfWork } from "../ports.ts";

/** What every use case runs with. */
export interface UseCaseContext {
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}
