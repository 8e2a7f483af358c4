// i32 Div truncates toward zero, FloorDiv floors, FloorMod has the sign of the divisor;
// by zero XLA's values (x / 0 = -1, FloorDiv of a negative x by 0 = -2, x % 0 = x), INT_MIN / -1 wraps to
// INT_MIN, INT_MIN % -1 is 0.
func.func @test(%V__0: tensor<?x?xi32> {python_test_attrs.static_type = tensor<4x9xi32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<9xi32>}) -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>) {
  %0 = "tf.Div"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %1 = "tf.FloorDiv"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %2 = "tf.FloorMod"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  func.return %0, %1, %2 : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>
}
