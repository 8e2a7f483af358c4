// Abs, Neg and Square on f32 with NaN, +-Inf, +-0, overflow to Inf and underflow to 0.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Abs"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Neg"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Square"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
