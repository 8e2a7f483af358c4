func.func @strings(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Foo"(%arg0) {a = "", b = "plain", c = "quote \" and backslash \\", d = "newline\n tab\t", e = "hex \0A\00\FF", f = "/job:localhost/replica:0/task:0/device:CPU:0", "quoted.key with space" = "x"} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
