/** `pnpm bench` (bench/run.mjs; bench:prune uses its bodies): the order requests, one counter for every phase that places orders. */

/** Orders: 3 items each, a new customer each, events recorded in the outbox. */
export function orderRequestsFor(orderOfferIds, zipCode) {
  let orderSequence = 0;
  const orderBody = () => {
    orderSequence += 1;
    const pick = (k) => orderOfferIds[(orderSequence * 3 + k) % orderOfferIds.length];
    return JSON.stringify({
      items: [{ offerId: pick(0) }, { offerId: pick(1) }, { offerId: pick(2) }],
      customer: {
        name: `Customer ${orderSequence}`,
        email: `customer-${orderSequence}@example.com`,
        phone: `+1737${String(orderSequence).padStart(7, "0")}`,
        kind: "residential",
      },
      serviceAddress: { line1: `${orderSequence} Congress Ave`, city: "Austin", state: "TX", zipCode },
    });
  };
  const orderRequests = (path, headers, onOrder) => ({
    requests: [
      {
        method: "POST",
        path,
        headers: { "content-type": "application/json", ...headers },
        setupRequest: (req) => ({ ...req, body: orderBody() }),
        ...(onOrder
          ? {
              onResponse: (status, body) => {
                if (status === 201) onOrder(JSON.parse(body).id, Date.now());
              },
            }
          : {}),
      },
    ],
  });
  return { orderBody, orderRequests };
}
