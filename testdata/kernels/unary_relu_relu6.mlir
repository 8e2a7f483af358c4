// Relu and Relu6 with NaN (stays NaN), +-Inf, -0 and values around 6; a mixed static/dynamic shape.
func.func @test(%V__0: tensor<?x4xf32> {python_test_attrs.static_type = tensor<7x4xf32>}) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = "tf.Relu"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tf.Relu6"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}
