<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * The application's balance in the keys' environment (API §16.1): what the operator collected for you on
 * the installation's accounts, less its fees and what was refunded or settled.
 */
final class Balance
{
    /**
     * @param string|null $environment sandbox or live
     * @param string|null $currency XOF
     * @param string|null $available what a settlement can pay out now, exact decimal text ("14770.00")
     * @param string|null $pending credited by payments whose delay has not ended yet
     */
    public function __construct(
        public readonly ?string $environment,
        public readonly ?string $currency,
        public readonly ?string $available,
        public readonly ?string $pending,
    ) {
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node the decoded balance
     */
    public static function fromArray(array $node): self
    {
        return new self(
            Fields::string($node, 'environment'),
            Fields::string($node, 'currency'),
            Fields::string($node, 'available'),
            Fields::string($node, 'pending'),
        );
    }
}
