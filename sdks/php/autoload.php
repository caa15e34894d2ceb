<?php

declare(strict_types=1);

// For projects without Composer: `require 'path/to/sdks/php/autoload.php';` loads the Xaalis\ classes
// from src/ on first use (Composer's PSR-4 autoloader does the same from composer.json).
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Xaalis\\')) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen('Xaalis\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
