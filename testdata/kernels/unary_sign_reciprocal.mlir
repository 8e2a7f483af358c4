// Sign of NaN, +-0 and +-Inf; Reciprocal of +-0 (+-Inf), denormals (Inf) and huge values (denormal results).
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<5x6xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Sign"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Reciprocal"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
