package io.engagement.testkit.cyclic.b;

import io.engagement.testkit.cyclic.a.Left;

public class Right {
    Left left;
}
