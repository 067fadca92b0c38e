package io.engagement.testkit.cyclic.a;

import io.engagement.testkit.cyclic.b.Right;

public class Left {
    Right right;
}
