<?php

declare(strict_types=1);

// The library's own autoloader, then the tests' support classes: no Composer install needed.
require __DIR__ . '/../autoload.php';

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Xaalis\\Tests\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('Xaalis\\Tests\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
