// Floor/Ceil/Round/Rint on halves (0.5, 1.5, 2.5, -0.5, ...), signed zeros, huge values, NaN and Inf.
// Round and Rint both round half to even.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<32xf32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Floor"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Ceil"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Round"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "tf.Rint"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
