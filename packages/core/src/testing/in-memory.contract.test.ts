import { runContracts } from "../../test/contracts/index.ts";
import { InMemoryUnitOfWork } from "./index.ts";

runContracts({
  name: "in memory",
  async open() {
    return { unitOfWork: new InMemoryUnitOfWork(), close: async () => {} };
  },
});
