// sandjit-test: rtol=0 atol=0
// float -> int truncates toward zero, saturates to the target range, NaN -> 0.
// int -> float rounds to nearest even.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<28xf32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<16xi32>}) -> (tensor<?xi32>, tensor<?xi64>, tensor<?xi8>, tensor<?xui32>, tensor<?xf32>, tensor<?xi64>) {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xi32>
  %1 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xi64>
  %2 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xi8>
  %3 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xui32>
  %4 = "tf.Cast"(%V__1) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi32>) -> tensor<?xf32>
  %5 = "tf.Cast"(%V__1) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi32>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?xi32>, tensor<?xi64>, tensor<?xi8>, tensor<?xui32>, tensor<?xf32>, tensor<?xi64>
}
