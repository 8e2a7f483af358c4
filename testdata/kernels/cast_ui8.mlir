// sandjit-test: rtol=0 atol=0
// f32 -> ui8 saturates to [0, 255] (NaN -> 0); i32 -> ui8 wraps.
func.func @test(%V__0: tensor<?xui8> {python_test_attrs.static_type = tensor<16xui8>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<20xf32>}, %V__2: tensor<?xi32> {python_test_attrs.static_type = tensor<10xi32>}) -> (tensor<?xf32>, tensor<?xui8>, tensor<?xi32>, tensor<?xui8>) {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xui8>) -> tensor<?xf32>
  %1 = "tf.Cast"(%V__1) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xui8>
  %2 = "tf.Cast"(%V__0) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xui8>) -> tensor<?xi32>
  %3 = "tf.Cast"(%V__2) {Truncate = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi32>) -> tensor<?xui8>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xui8>, tensor<?xi32>, tensor<?xui8>
}
