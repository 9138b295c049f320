#!/usr/bin/env python3
"""Verifies a Standard Webhooks delivery with Python's standard library alone.

For webhooks registered with ``signatureScheme: "standard"``. Written from the Standard Webhooks
specification (https://www.standardwebhooks.com), independently of the service's TypeScript code:
the signed content is ``webhook-id + "." + webhook-timestamp + "." + raw body``, the key is the
base64 after ``whsec_``, and ``webhook-signature`` holds space-separated ``v1,<base64 HMAC-SHA256>``
entries (one per secret while the service rotates). In production prefer a maintained library
(``pip install standardwebhooks``); this file shows what it checks.

As a library::

    from verify_standard import verify
    event_id = verify(raw_body, request.headers, os.environ["WEBHOOK_SECRET"])  # raises on failure

As a command (used by the repository's tests): reads ``{"headers": {...}, "body": "..."}`` on
stdin, the secret(s) from ``WEBHOOK_SECRET`` (comma-separated while you rotate); prints
``{"ok": true, "id": ...}`` and exits 0, or ``{"ok": false, "reason": ...}`` and exits 1.
"""

import base64
import hashlib
import hmac
import json
import os
import sys
import time

TOLERANCE_SECONDS = 300


class VerificationError(Exception):
    """The delivery is not authentic (the message names why)."""


def _key(secret):
    encoded = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
    return base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)


def verify(payload, headers, secrets, now=None, tolerance=TOLERANCE_SECONDS):
    """Returns the message id (deduplicate on it) or raises VerificationError."""
    lowered = {name.lower(): value for name, value in headers.items()}
    msg_id = lowered.get("webhook-id")
    stamp = lowered.get("webhook-timestamp")
    signature = lowered.get("webhook-signature")
    if not msg_id or not stamp or not signature:
        raise VerificationError("missing_header")
    try:
        timestamp = int(stamp)
    except ValueError:
        raise VerificationError("malformed_header") from None
    now = int(time.time()) if now is None else now
    if abs(now - timestamp) > tolerance:
        raise VerificationError("timestamp_outside_tolerance")
    if isinstance(secrets, str):
        secrets = [secrets]
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    content = f"{msg_id}.{timestamp}.".encode("utf-8") + payload
    passed = [part.split(",", 1)[1] for part in signature.split(" ") if part.startswith("v1,")]
    for secret in secrets:
        expected = base64.b64encode(hmac.new(_key(secret), content, hashlib.sha256).digest()).decode()
        if any(hmac.compare_digest(expected, candidate) for candidate in passed):
            return msg_id
    raise VerificationError("no_matching_signature")


def main():
    request = json.load(sys.stdin)
    secrets = [s.strip() for s in os.environ.get("WEBHOOK_SECRET", "").split(",") if s.strip()]
    if not secrets:
        print("WEBHOOK_SECRET is required", file=sys.stderr)
        return 2
    try:
        msg_id = verify(request["body"], request["headers"], secrets)
    except VerificationError as error:
        print(json.dumps({"ok": False, "reason": str(error)}))
        return 1
    print(json.dumps({"ok": True, "id": msg_id}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
