// sandjit-test: rtol=1e-5 atol=1e-6
// Sqrt and Rsqrt of 0, -0, negatives (NaN), denormals, Inf and the largest float.
func.func @test(%V__0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<3x5x7xf32>}) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Sqrt"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.Rsqrt"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1 : tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
