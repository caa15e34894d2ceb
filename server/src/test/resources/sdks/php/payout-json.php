<?php

declare(strict_types=1);

/* What PhpLibraryIT's payout scripts report of a payout, as the other libraries' scripts do. */

/** @return array<string, mixed> */
function payoutJson(Xaalis\Payout $payout): array
{
    return [
        'reference' => $payout->reference,
        'status' => $payout->status,
        'amount' => $payout->amount,
        'fee' => $payout->fee,
        'recipient_phone' => $payout->recipientPhone,
        'failure_code' => $payout->failureCode,
        'metadata' => (object) $payout->metadata,
    ];
}
