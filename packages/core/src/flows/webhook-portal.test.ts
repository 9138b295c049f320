import { webhookPortalAuditSuite } from "../../test/webhook-portal-audit.ts";
import type { TransactionScope, UnitOfWork } from "../ports.ts";
import { deliveryJobs, InMemoryUnitOfWork } from "../testing/index.ts";

/** The in-memory adapter, its transactions' `auditLog.append` throwing while `failing` is set. */
class AuditFailingUnitOfWork implements UnitOfWork {
  readonly inner = new InMemoryUnitOfWork();
  readonly repositories = this.inner.repositories;
  failing = false;

  transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    return this.inner.transaction((scope) => {
      if (!this.failing) return work(scope);
      const auditLog: TransactionScope["auditLog"] = {
        append: async () => {
          throw new Error("audit log unavailable");
        },
        list: (...args) => scope.auditLog.list(...args),
      };
      return work({ ...scope, auditLog });
    });
  }
}

webhookPortalAuditSuite({
  name: "in memory",
  async open() {
    const unitOfWork = new AuditFailingUnitOfWork();
    return {
      unitOfWork,
      async failAudits(on) {
        unitOfWork.failing = on;
      },
      async queued(webhookId) {
        return (await deliveryJobs(unitOfWork.inner)).filter((job) => job.webhookId === webhookId).length;
      },
    };
  },
});
