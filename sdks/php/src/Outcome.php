<?php

declare(strict_types=1);

namespace Xaalis;

/** Sandbox outcomes that {@see XaalisClient::simulate()} can force. */
enum Outcome: string
{
    case SUCCESS = 'SUCCESS';
    case FAILED = 'FAILED';
    case CANCELLED = 'CANCELLED';
    case EXPIRED = 'EXPIRED';
}
